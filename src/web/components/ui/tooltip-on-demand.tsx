import { cloneElement, useRef, useState, type FocusEvent, type PointerEvent, type ReactElement, type ReactNode, type Ref } from 'react';
import type { LoadedTooltip } from './loaded-tooltip';

interface TriggerProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
}

/**
 * A tooltip whose code (Radix's tooltip and its positioning library) loads when the pointer or the
 * keyboard first reaches the trigger, not with the page: the header's extension link, the locked
 * controls of a free account. Until then the trigger is the plain element; when the code is there it is
 * swapped for the same element with the tooltip, keeping the focus if it had it.
 */
export function TooltipOnDemand({ content, children }: { content: ReactNode; children: ReactElement<TriggerProps> }) {
  const [Tooltip, setTooltip] = useState<typeof LoadedTooltip>();
  const plain = useRef<HTMLElement>(null);
  const hadFocus = useRef(false);

  if (Tooltip) {
    return (
      <Tooltip content={content} takeFocus={hadFocus.current}>
        {children}
      </Tooltip>
    );
  }
  const load = () =>
    void import('./loaded-tooltip').then(({ LoadedTooltip }) => {
      hadFocus.current = document.activeElement === plain.current;
      setTooltip(() => LoadedTooltip);
    });
  return cloneElement(children, {
    ref: plain,
    onPointerEnter: (event) => {
      children.props.onPointerEnter?.(event);
      load();
    },
    onFocus: (event) => {
      children.props.onFocus?.(event);
      load();
    },
  });
}
