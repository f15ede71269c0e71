import { z } from 'zod';
import { categoryNameField, pagingFields } from './links-schemas';
import { linkMessages } from './link-messages';
import { oneLineText, multiLineText } from './text';

/*
 * The highlights API (docs/product/api.md): a highlight is a W3C Web Annotation target over a link's
 * readable copy: a TextQuoteSelector (exact, prefix, suffix) and a TextPositionSelector (start, end)
 * over the copy's plain text. The server validates with these; the web app reuses them.
 */

export const HIGHLIGHT_COLORS = ['yellow', 'green', 'blue', 'pink'] as const;
/** How much text either side of the passage a TextQuoteSelector keeps. */
export const HIGHLIGHT_CONTEXT_CHARS = 32;

export const highlightMessages = {
  exactRequired: 'Please select the text to highlight',
  exactTooLong: 'A highlight must be at most 5,000 characters',
  textInvalid: 'Highlighted text must be plain text',
  contextTooLong: `The text before and after a highlight must be at most ${HIGHLIGHT_CONTEXT_CHARS} characters`,
  positionInvalid: 'The highlight’s position must be two whole numbers, start before end',
  noteTooLong: 'Notes on highlights must be at most 2,000 characters',
  colorInvalid: 'Color must be yellow, green, blue or pink',
  highlightNotFound: 'There is no such highlight.',
  /** What the reader and the highlights list say of a highlight with anchored = false. */
  notFoundInCopy: 'not found in the current copy',
} as const;

const isoDate = z.iso.datetime();
const NUL = /\u0000/;

/** Quoted text is kept exactly as in the copy (positions count its characters): refused, never altered, when it holds a NUL. */
const quoteText = (max: number, tooLong: string, required: string = highlightMessages.textInvalid) =>
  z
    .string({ error: required })
    .max(max, tooLong)
    .refine((value) => !NUL.test(value), highlightMessages.textInvalid);

const offset = z
  .number({ error: highlightMessages.positionInvalid })
  .int(highlightMessages.positionInvalid)
  .min(0, highlightMessages.positionInvalid)
  .max(100_000_000, highlightMessages.positionInvalid);

export const highlightColor = z.enum(HIGHLIGHT_COLORS, { error: highlightMessages.colorInvalid });
const noteField = multiLineText(highlightMessages.noteTooLong).max(2000, highlightMessages.noteTooLong);

export const createHighlightBody = z
  .object({
    exact: quoteText(5000, highlightMessages.exactTooLong, highlightMessages.exactRequired).min(1, highlightMessages.exactRequired),
    prefix: quoteText(HIGHLIGHT_CONTEXT_CHARS, highlightMessages.contextTooLong).default(''),
    suffix: quoteText(HIGHLIGHT_CONTEXT_CHARS, highlightMessages.contextTooLong).default(''),
    /** Without start and end, the passage is a quote only (the extension's, an import's): the server finds it in the copy. */
    start: offset.optional(),
    end: offset.optional(),
    color: highlightColor.default('yellow'),
    note: noteField.nullish(),
  })
  .refine(
    (body) =>
      (body.start === undefined && body.end === undefined) || (body.start !== undefined && body.end !== undefined && body.start < body.end),
    { message: highlightMessages.positionInvalid, path: ['end'] },
  );

export const updateHighlightBody = z
  .object({ color: highlightColor.optional(), note: noteField.nullish() })
  .refine((body) => body.color !== undefined || body.note !== undefined, linkMessages.nothingToChange);

export const highlight = z.object({
  id: z.uuid(),
  linkId: z.uuid(),
  exact: z.string(),
  prefix: z.string(),
  suffix: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  color: highlightColor,
  note: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** false: the passage was not found in the current copy after the page was read again; kept, never dropped. */
  anchored: z.boolean(),
});

export const highlightList = z.array(highlight);

export const highlightsQuery = z.object({
  ...pagingFields,
  /** Words in the passage or its note; the last word may be unfinished. */
  q: oneLineText().max(200, linkMessages.searchTooLong).optional(),
  /** Only highlights of links with this category among their categories. */
  category: categoryNameField.optional(),
});

/** A highlight of the user's list, with its link. */
export const highlightWithLink = highlight.extend({
  link: z.object({ id: z.uuid(), title: z.string().nullable(), url: z.string(), siteName: z.string().nullable() }),
});

export const highlightsPage = z.object({
  highlights: z.array(highlightWithLink),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
    hasPrev: z.boolean(),
    hasNext: z.boolean(),
  }),
});

export type Highlight = z.infer<typeof highlight>;
export type HighlightWithLink = z.infer<typeof highlightWithLink>;
export type CreateHighlightBody = z.infer<typeof createHighlightBody>;
export type UpdateHighlightBody = z.infer<typeof updateHighlightBody>;
export type HighlightsQuery = z.infer<typeof highlightsQuery>;
export type HighlightsPage = z.infer<typeof highlightsPage>;
