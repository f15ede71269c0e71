/** docs/product/overview.md, Header and footer: the header may hide only once the page has scrolled past this. */
const HEADER_HIDE_THRESHOLD_PX = 100;

/** Scrolling down past the threshold hides the header; any scroll up (or back to the top) shows it. */
export function isHeaderHidden(previousY: number, currentY: number, wasHidden: boolean): boolean {
  if (currentY <= HEADER_HIDE_THRESHOLD_PX) return false;
  if (currentY > previousY) return true;
  if (currentY < previousY) return false;
  return wasHidden;
}
