import { useEffect, type ReactNode } from 'react';
import { useLocation, useRoute } from 'wouter';
import { paths } from '@shared/routes';
import { OfflineNotice } from '@web/pwa/offline-notice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const MAIN_CONTENT_ID = 'main-content';

/** Skip link, header, the page, footer. /upgrade and /signup are full-screen flows without header and footer. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [isUpgrade] = useRoute(paths.upgrade);
  const [isSignup] = useRoute(paths.signup);
  const showSiteChrome = !isUpgrade && !isSignup;
  useScrollToTopOnNavigation();

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="fixed top-2 left-2 z-50 -translate-y-24 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:translate-y-0"
      >
        Skip to main content
      </a>
      {showSiteChrome && <SiteHeader />}
      <OfflineNotice />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      {showSiteChrome && <SiteFooter />}
    </div>
  );
}

/** A new page starts at its top, as it would with full page loads. */
function useScrollToTopOnNavigation(): void {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
}
