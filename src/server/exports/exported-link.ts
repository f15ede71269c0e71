import { highlights, links, pageCopies } from '../db/schema';

/** What an export reads of each link: the columns of the query, and the row every format writes. */
export const exportColumns = {
  id: links.id,
  url: links.url,
  title: links.title,
  description: links.description,
  notes: links.notes,
  categories: links.categories,
  includeInNewsletter: links.includeInNewsletter,
  readAt: links.readAt,
  createdAt: links.createdAt,
  siteName: links.siteName,
  /** The page's excerpt (every format). */
  excerpt: links.excerpt,
  /** The readable copy's text (JSON only). */
  text: pageCopies.text,
};

/** A highlight as exported: its W3C selectors, colour, note and whether the current copy holds it. */
export const exportedHighlightColumns = {
  linkId: highlights.linkId,
  exact: highlights.exact,
  prefix: highlights.prefix,
  suffix: highlights.suffix,
  start: highlights.startOffset,
  end: highlights.endOffset,
  color: highlights.color,
  note: highlights.note,
  anchored: highlights.anchored,
  createdAt: highlights.createdAt,
};

export type ExportedHighlight = Omit<
  { [K in keyof typeof exportedHighlightColumns]: (typeof exportedHighlightColumns)[K]['_']['data'] },
  'linkId' | 'note'
> & { note: string | null };

export type ExportedLink = { [K in Exclude<keyof typeof exportColumns, 'text'>]: (typeof links.$inferSelect)[K] } & {
  text: string | null;
  highlights: ExportedHighlight[];
};
