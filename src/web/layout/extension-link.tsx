import { Puzzle } from 'lucide-react';
import { extensionStoreUrl } from '@shared/routes';
import { track } from '@web/analytics/track';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { navItemClass } from './nav-link';

/** The browser extension's store page, in a new tab. */
export function ExtensionLink({ labelClassName }: { labelClassName?: string }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <a
          href={extensionStoreUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={navItemClass}
          onClick={() => track('extension_click', { from: 'header' })}
        >
          <Puzzle aria-hidden />
          <span className={labelClassName}>Extension</span>
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </TooltipTrigger>
      <TooltipContent>Save any page to Stash in one click</TooltipContent>
    </Tooltip>
  );
}
