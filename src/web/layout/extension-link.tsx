import { Puzzle, Smartphone } from 'lucide-react';
import { Link } from 'wouter';
import { extensionStoreUrl, paths } from '@shared/routes';
import { track } from '@web/analytics/track';
import { TooltipOnDemand } from '@web/components/ui/tooltip-on-demand';
import { navItemClass } from './nav-link';

/** The browser extension's store page, in a new tab; a phone, which has no extensions, gets the app's install guide. */
export function ExtensionLink() {
  return (
    <>
      <Link
        href={paths.mobileApps}
        className={navItemClass({ display: 'inline-flex md:hidden' })}
        onClick={() => track('extension_click', { from: 'header', to: 'mobile-apps' })}
      >
        <Smartphone aria-hidden />
        Mobile app
      </Link>
      <TooltipOnDemand content="Save any page to Stash in one click">
        <a
          href={extensionStoreUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={navItemClass({ display: 'hidden md:inline-flex' })}
          onClick={() => track('extension_click', { from: 'header' })}
        >
          <Puzzle aria-hidden />
          Extension
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </TooltipOnDemand>
    </>
  );
}
