/**
 * Where the reader's small panels go. On a phone (a touch screen or a narrow window) the system
 * shows its own menu above a selection, so the panel sits at the bottom of the screen; elsewhere
 * it sits just below the text it is about, in page coordinates.
 */
export type Placement = { kind: 'bottom' } | { kind: 'below'; top: number; left: number };

const PANEL_GAP = 8;

export function isPhoneLayout(): boolean {
  return matchMedia('(pointer: coarse), (max-width: 640px)').matches;
}

export function placeBelow(rect: DOMRect, panelWidth: number): Placement {
  if (isPhoneLayout()) return { kind: 'bottom' };
  const pageWidth = document.documentElement.clientWidth;
  const left = Math.min(Math.max(PANEL_GAP, rect.left + rect.width / 2 - panelWidth / 2), pageWidth - panelWidth - PANEL_GAP);
  return { kind: 'below', top: rect.bottom + window.scrollY + PANEL_GAP, left: left + window.scrollX };
}

/** The panel's class and style for a placement. */
export function placementProps(placement: Placement): { className: string; style?: { top: number; left: number } } {
  return placement.kind === 'bottom'
    ? { className: 'fixed inset-x-0 bottom-0 z-40 border-t pb-[max(0.75rem,env(safe-area-inset-bottom))]' }
    : { className: 'absolute z-40 rounded-lg border shadow-lg', style: { top: placement.top, left: placement.left } };
}
