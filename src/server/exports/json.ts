import type { ExportedLink } from './exported-link';

/** Everything we keep of each link; the `stash` import reads it back as it is. */
export function toJson(rows: ExportedLink[], now: Date): string {
  return JSON.stringify(
    {
      exportedAt: now.toISOString(),
      links: rows.map((link) => ({
        url: link.url,
        title: link.title,
        description: link.description,
        notes: link.notes,
        category: link.categories[0] ?? null,
        categories: link.categories,
        includeInNewsletter: link.includeInNewsletter,
        read: link.readAt !== null,
        readAt: link.readAt?.toISOString() ?? null,
        createdAt: link.createdAt.toISOString(),
        excerpt: link.excerpt,
        text: link.text,
        /** W3C Web Annotation selectors over `text`: a TextQuoteSelector (exact, prefix, suffix) and a TextPositionSelector (start, end). */
        highlights: link.highlights.map((highlight) => ({ ...highlight, createdAt: highlight.createdAt.toISOString() })),
      })),
    },
    null,
    2,
  );
}
