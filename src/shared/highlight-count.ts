/** "1 highlight", "3 highlights": the link card's count of a link's highlights. */
export function highlightCountText(count: number): string {
  return count === 1 ? '1 highlight' : `${count} highlights`;
}
