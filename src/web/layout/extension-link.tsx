import { Puzzle, Smartphone } from 'lucide-react';
import { Link } from 'wouter';
import { extensionGuide, paths } from '@shared/routes';
import { clickEvent } from '@web/analytics/marked-clicks';
import { TooltipOnDemand } from '@web/components/ui/tooltip-on-demand';
import { navItemClass } from './nav-link';

const extensionTooltip = 'Save any page to Stash in one click';

/** Where the browser extension comes from until a store lists it (the support page); a phone, which has no extensions, gets the app's install guide. */
export function ExtensionLink() {
  return (
    <>
      <Link
        href={paths.mobileApps}
        className={navItemClass({ display: 'inline-flex md:hidden' })}
        {...clickEvent('extension_click', { from: 'header', to: 'mobile-apps' })}
      >
        <Smartphone aria-hidden />
        Mobile app
      </Link>
      <TooltipOnDemand content={extensionTooltip}>
        <Link
          href={extensionGuide}
          // For the island pages' own script, which shows the tooltip without the app (islands/tooltips.ts).
          data-tooltip={extensionTooltip}
          className={navItemClass({ display: 'hidden md:inline-flex' })}
          {...clickEvent('extension_click', { from: 'header' })}
        >
          <Puzzle aria-hidden />
          Extension
        </Link>
      </TooltipOnDemand>
    </>
  );
}
