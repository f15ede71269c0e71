import { MAX_CATEGORY_NAME_LENGTH } from './categories';
import type { LengthRule } from './length-rule';
import { categoryMessages, linkMessages } from './link-messages';
import { MAX_URL_LENGTH } from './link-rules';

/**
 * The length rules of the link and category fields, for the forms' counters; the schemas
 * (links-schemas.ts) check with them. Apart from the schemas so that a form counts without zod.
 */
export const linkLengths = {
  url: { max: MAX_URL_LENGTH, message: linkMessages.urlTooLong },
  title: { max: 500, message: linkMessages.titleTooLong },
  notes: { max: 2000, message: linkMessages.notesTooLong },
  categoryName: { max: MAX_CATEGORY_NAME_LENGTH, message: categoryMessages.nameTooLong },
  search: { max: 200, message: linkMessages.searchTooLong },
} as const satisfies Record<string, LengthRule>;
