import { links } from '../db/schema';
import type { Link } from '../../shared/links-schemas';

/** The columns every link answer is made of (never the search vector, never another user's anything). */
export const linkColumns = {
  id: links.id,
  url: links.url,
  title: links.title,
  description: links.description,
  notes: links.notes,
  category: links.category,
  categories: links.categories,
  includeInNewsletter: links.includeInNewsletter,
  readAt: links.readAt,
  createdAt: links.createdAt,
  contentStatus: links.contentStatus,
  siteName: links.siteName,
  excerpt: links.excerpt,
  readingMinutes: links.readingMinutes,
  faviconUrl: links.faviconUrl,
  imageUrl: links.imageUrl,
  highlightCount: links.highlightCount,
};

export type LinkRow = Pick<typeof links.$inferSelect, keyof typeof linkColumns>;

export function toLink(row: LinkRow, timeZone: string): Link {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    description: row.description,
    notes: row.notes,
    category: row.category,
    categories: row.categories,
    includeInNewsletter: row.includeInNewsletter,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    savedOn: localDate(row.createdAt, timeZone),
    siteName: row.siteName,
    excerpt: row.excerpt,
    readingMinutes: row.readingMinutes,
    faviconUrl: row.faviconUrl,
    imageUrl: row.imageUrl,
    contentStatus: row.contentStatus,
    highlightCount: row.highlightCount,
  };
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const dayFormats = new Map<string, { format: Intl.DateTimeFormat; quarterHour: number; date: string }>();

/**
 * The calendar date (YYYY-MM-DD) of an instant in a time zone; 'en-CA' writes dates that way.
 * Every zone's offset has been a whole number of quarter hours since 1972, so instants in the
 * same UTC quarter hour share a date: a list of links, newest first, formats a date only when the
 * quarter hour changes.
 */
export function localDate(instant: Date, timeZone: string): string {
  let zone = dayFormats.get(timeZone);
  if (!zone) {
    zone = {
      format: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
      quarterHour: NaN,
      date: '',
    };
    dayFormats.set(timeZone, zone);
  }
  const quarterHour = Math.floor(instant.getTime() / QUARTER_HOUR_MS);
  if (quarterHour !== zone.quarterHour) {
    zone.date = zone.format.format(instant);
    zone.quarterHour = quarterHour;
  }
  return zone.date;
}
