/** docs/product/errors-and-limits.md, Constants and timers: as the app's tooltips (components/ui/tooltip.tsx). */
const TOOLTIP_DELAY_MS = 700;
const GAP_PX = 6;

/**
 * The tooltips of what the build rendered with a `data-tooltip` (the header's Extension link, which
 * the app gives Radix's tooltip, TooltipOnDemand): the same look, under the element, shown 700 ms
 * after the pointer reaches it or at once when it takes the focus, hidden when either leaves, on
 * Escape or on scrolling, and announced with the element (aria-describedby).
 */
export function runTooltips(root: ParentNode): void {
  root.querySelectorAll<HTMLElement>('[data-tooltip]').forEach((trigger, index) => {
    const tooltip = document.createElement('div');
    tooltip.id = `island-tooltip-${index}`;
    tooltip.setAttribute('role', 'tooltip');
    tooltip.hidden = true;
    tooltip.textContent = trigger.dataset.tooltip ?? '';
    tooltip.className =
      'fixed z-50 max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md motion-safe:animate-fade-in';
    document.body.append(tooltip);
    trigger.setAttribute('aria-describedby', tooltip.id);

    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      tooltip.hidden = false;
      const box = trigger.getBoundingClientRect();
      const width = tooltip.offsetWidth;
      tooltip.style.top = `${box.bottom + GAP_PX}px`;
      tooltip.style.left = `${Math.max(GAP_PX, Math.min(box.left + box.width / 2 - width / 2, window.innerWidth - width - GAP_PX))}px`;
    };
    const hide = () => {
      clearTimeout(timer);
      tooltip.hidden = true;
    };
    trigger.addEventListener('pointerenter', () => {
      timer = setTimeout(show, TOOLTIP_DELAY_MS);
    });
    trigger.addEventListener('pointerleave', hide);
    trigger.addEventListener('focus', show);
    trigger.addEventListener('blur', hide);
    trigger.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') hide();
    });
    window.addEventListener('scroll', hide, { passive: true });
  });
}
