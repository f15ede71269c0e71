import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Tooltip, TooltipContent, TooltipScope, TooltipTrigger } from './tooltip';

/** TooltipOnDemand's tooltip, once its code is loaded: the trigger gets the focus back if it had it. */
export function LoadedTooltip({ content, takeFocus, children }: { content: ReactNode; takeFocus: boolean; children: ReactNode }) {
  const trigger = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (takeFocus) trigger.current?.focus();
  }, [takeFocus]);
  return (
    <TooltipScope>
      <Tooltip>
        <TooltipTrigger ref={trigger} asChild>
          {children}
        </TooltipTrigger>
        <TooltipContent>{content}</TooltipContent>
      </Tooltip>
    </TooltipScope>
  );
}
