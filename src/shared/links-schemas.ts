import { z } from 'zod';
import { linkLengths } from './link-lengths';
import { categoryMessages, linkMessages } from './link-messages';
import { normaliseUserUrl, type UrlRuleOptions } from './link-rules';
import { DEFAULT_PAGE_SIZE, HISTORY_PAGE_SIZES, MAX_CATEGORIES_PER_LINK } from './plans';
import { multiLineText, oneLineText } from './text';

/*
 * The links and categories API (docs/product/api.md): one schema per body, query and answer. The
 * server validates with them; the web app's forms and the extension reuse them for the same messages.
 */

const isoDate = z.iso.datetime();

/** What the user typed, checked by the rules of docs/product/links.md, URL rules; parsed, it is the URL to store. */
const linkUrlFieldWith = (options: UrlRuleOptions) =>
  z
    .string({ error: linkMessages.urlRequired })
    .superRefine((value, check) => {
      const result = normaliseUserUrl(value, options);
      if (!result.ok) check.addIssue({ code: 'custom', message: result.message });
    })
    .overwrite((value) => {
      const result = normaliseUserUrl(value, options);
      return result.ok ? result.url : value;
    });

const linkUrlField = linkUrlFieldWith({});

export const categoryNameField = oneLineText(categoryMessages.nameInvalid.text)
  .min(1, categoryMessages.nameInvalid.text)
  .max(linkLengths.categoryName.max, linkLengths.categoryName.message);

export const saveLinkBody = z.object({
  url: linkUrlField,
  /** The page's title when the sender knows it (the extension); otherwise the server looks it up. */
  title: oneLineText().max(linkLengths.title.max, linkLengths.title.message).nullish(),
  notes: multiLineText().max(linkLengths.notes.max, linkLengths.notes.message).nullish(),
  /** The primary category; defaults to the first of `categories`, then to 'Uncategorized'. */
  category: categoryNameField.nullish(),
  categories: z.array(categoryNameField).max(MAX_CATEGORIES_PER_LINK, linkMessages.tooManyCategories).nullish(),
  /** Pro and trial only: a free account's links are always in the newsletter. */
  includeInNewsletter: z.boolean().optional(),
  /** Save again even when the same page is already in the stash. */
  allowDuplicate: z.boolean().optional(),
});

export const updateLinkBody = z
  .object({
    includeInNewsletter: z.boolean().optional(),
    /** true marks the link read now, false unread. */
    read: z.boolean().optional(),
    /** The save form's rules. An empty title means "use the page's". */
    title: saveLinkBody.shape.title,
    notes: saveLinkBody.shape.notes,
    category: saveLinkBody.shape.category,
    categories: saveLinkBody.shape.categories,
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), linkMessages.nothingToChange);

export const idParams = z.object({ id: z.string().max(100) });

/** `page` and `limit` of a paged list (My Stash, the highlights), with My Stash's page sizes. */
export const pagingFields = {
  page: z.coerce
    .number({ error: linkMessages.pageInvalid })
    .int(linkMessages.pageInvalid)
    .min(1, linkMessages.pageInvalid)
    .max(1_000_000, linkMessages.pageInvalid)
    .default(1),
  limit: z.coerce
    .number({ error: linkMessages.pageSizeInvalid })
    .refine((size) => (HISTORY_PAGE_SIZES as readonly number[]).includes(size), linkMessages.pageSizeInvalid)
    .default(DEFAULT_PAGE_SIZE),
};

export const historyQuery = z.object({
  ...pagingFields,
  /** Only links with this category among their categories. */
  category: categoryNameField.optional(),
  /** Full-text search over title, URL, notes, categories and the page's excerpt and text; the last word may be unfinished. */
  q: oneLineText().max(linkLengths.search.max, linkLengths.search.message).optional(),
  /** 'true': only links never marked read. */
  unread: z.enum(['true', 'false']).optional(),
  /** 'true': only links included in the newsletter (the 'Newsletter' chip of My Stash). */
  newsletter: z.enum(['true', 'false']).optional(),
  /** 'true': only links with a readable copy (contentStatus ready), which the installed app keeps for reading offline. */
  readable: z.enum(['true', 'false']).optional(),
});

const contentStatus = z.enum(['pending', 'ready', 'failed', 'none']);

export const link = z.object({
  id: z.uuid(),
  url: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  category: z.string(),
  categories: z.array(z.string()),
  includeInNewsletter: z.boolean(),
  readAt: isoDate.nullable(),
  createdAt: isoDate,
  /** The day it was saved in the user's own time zone (YYYY-MM-DD): for grouping and 'Added today'. */
  savedOn: z.iso.date(),
  /** From the page's readable copy (null until the page is read, or when unknown). */
  siteName: z.string().nullable(),
  excerpt: z.string().nullable(),
  readingMinutes: z.number().int().nullable(),
  faviconUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** pending: the page is yet to be read; ready: a readable copy exists; failed: the page could not be fetched; none: no copy (not an article, or pages are not read). */
  contentStatus: contentStatus,
  /** How many passages the user highlighted in the page's readable copy. */
  highlightCount: z.number().int(),
});

export const linkList = z.array(link);

/** GET /api/links/:id/content: the page's readable copy, images served through Stash. */
export const linkContent = z.object({
  url: z.string(),
  title: z.string().nullable(),
  /** The user's own, as on the link (the reader view shows them). */
  notes: z.string().nullable(),
  categories: z.array(z.string()),
  byline: z.string().nullable(),
  siteName: z.string().nullable(),
  excerpt: z.string().nullable(),
  lang: z.string().nullable(),
  publishedAt: isoDate.nullable(),
  fetchedAt: isoDate,
  wordCount: z.number().int(),
  readingMinutes: z.number().int(),
  /** Sanitised: no scripts, handlers, iframes, forms or styles; every image through /api/links/:id/image. */
  html: z.string(),
  text: z.string(),
});

export const linkImageQuery = z.object({ src: z.url({ protocol: /^https$/ }).max(2048) });

/** 201 for a new link; 200 with the link already saved when the same page is in the stash (no allowDuplicate). */
export const saveLinkAnswer = z.object({ duplicate: z.boolean(), link });

/** The save body of an install whose rules accept `localhost` (ALLOW_PRIVATE_FETCH) or not. */
export const saveLinkBodyWith = (options: UrlRuleOptions) => saveLinkBody.extend({ url: linkUrlFieldWith(options) });

/** GET /api/links/lookup: is this page in the stash already? (the extension's "Already saved on …") */
export const linkLookupQueryWith = (options: UrlRuleOptions) => z.object({ url: linkUrlFieldWith(options) });
export const linkLookupAnswer = z.object({ link: link.nullable() });

/** A link of My Stash; a search's results also carry where the words matched. */
const historyLink = link.extend({
  /**
   * Search results only: the matched words in context, from the notes or the page's excerpt and
   * text, as HTML — escaped text, the matched words in <mark> and nothing else. null when the words
   * matched only the title, categories or URL.
   */
  match: z.string().nullable().optional(),
  /** Search results only: true when the words are in one of the link's highlights or a note on one (the context line says so). */
  matchInHighlights: z.boolean().optional(),
});

export const historyPage = z.object({
  links: z.array(historyLink),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
    hasPrev: z.boolean(),
    hasNext: z.boolean(),
  }),
});

export const linkCounts = z.object({
  /** Every link of the user; 0 marks someone who has not saved one yet. */
  count: z.number().int(),
  /** Links included in the newsletter (the 'Newsletter' chip). */
  newsletter: z.number().int(),
  /** This month's saves against the plan's allowance; limit null means unlimited. */
  monthlyUsage: z.object({ used: z.number().int(), limit: z.number().int().nullable(), resetsAt: isoDate.nullable() }),
});

export const createCategoryBody = z.object({ name: categoryNameField });
export const categoryItem = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Published at publicUrl (docs/sharing.md); showNotes: the owner's notes show there. */
  public: z.boolean(),
  showNotes: z.boolean(),
  allowIndexing: z.boolean(),
  description: z.string().nullable(),
  /** Null while unpublished (or before a handle is chosen). */
  publicUrl: z.string().nullable(),
  /** 'takedown' when an administrator removed the page, 'lapsed' when Pro ended; null otherwise. */
  removedReason: z.enum(['takedown', 'lapsed']).nullable(),
});
export const categoryList = z.array(categoryItem);
export const usedCategoryList = z.array(z.string());
const categoryCount = z.object({ category: z.string(), count: z.number().int() });
export const categoryCountList = z.array(categoryCount);

export type SaveLinkBody = z.infer<typeof saveLinkBody>;
export type UpdateLinkBody = z.infer<typeof updateLinkBody>;
export type HistoryQuery = z.infer<typeof historyQuery>;
export type Link = z.infer<typeof link>;
export type HistoryLink = z.infer<typeof historyLink>;
export type LinkContent = z.infer<typeof linkContent>;
export type SaveLinkAnswer = z.infer<typeof saveLinkAnswer>;
export type HistoryPage = z.infer<typeof historyPage>;
export type LinkCounts = z.infer<typeof linkCounts>;
export type CategoryItem = z.infer<typeof categoryItem>;
export type CategoryCount = z.infer<typeof categoryCount>;
