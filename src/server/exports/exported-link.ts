import { links, pageCopies } from '../db/schema';

/** What an export reads of each link: the columns of the query, and the row every format writes. */
export const exportColumns = {
  url: links.url,
  title: links.title,
  description: links.description,
  notes: links.notes,
  categories: links.categories,
  includeInNewsletter: links.includeInNewsletter,
  readAt: links.readAt,
  createdAt: links.createdAt,
  /** The page's excerpt (every format). */
  excerpt: links.excerpt,
  /** The readable copy's text (JSON only). */
  text: pageCopies.text,
};

export type ExportedLink = { [K in Exclude<keyof typeof exportColumns, 'text'>]: (typeof links.$inferSelect)[K] } & { text: string | null };
