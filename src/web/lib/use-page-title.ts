import { createContext, useContext, useEffect } from 'react';

/** Set only when a page is written to HTML at build time (prerender/render-page.tsx): it is told the page's title. */
export const PageTitleSink = createContext<((title: string) => void) | undefined>(undefined);

/** The tab title a page gives itself, as the browser shows it. */
const tabTitle = (title: string) => `${title} · Stash`;

/** Sets the browser tab's title for the page on screen. */
export function usePageTitle(title: string): void {
  useContext(PageTitleSink)?.(tabTitle(title));
  useEffect(() => {
    document.title = tabTitle(title);
  }, [title]);
}
