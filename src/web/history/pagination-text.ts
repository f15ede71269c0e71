/** 'Showing 21-40 of 45 links' for page 2 of 20 a page. */
export function showingText({ page, limit, total }: { page: number; limit: number; total: number }): string {
  if (total === 0) return 'Showing 0 of 0 links';
  const first = Math.min((page - 1) * limit + 1, total);
  const last = Math.min(page * limit, total);
  return `Showing ${first}-${last} of ${total} ${total === 1 ? 'link' : 'links'}`;
}

/** 'Page 2 of 3'; an empty history is still page 1 of 1. */
export function pageOfText({ page, totalPages }: { page: number; totalPages: number }): string {
  return `Page ${page} of ${Math.max(totalPages, 1)}`;
}
