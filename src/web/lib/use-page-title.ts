import { useEffect } from 'react';

/** Sets the browser tab's title for the page on screen. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Stash`;
  }, [title]);
}
