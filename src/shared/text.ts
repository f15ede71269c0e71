import { z } from 'zod';
import { toMultiLine, toOneLine, wellFormed } from './text-cleaning';
import { validationMessages as m } from './validation-messages';

/* The schemas of free text: the cleaning itself is text-cleaning.ts (docs there). */

export { toMultiLine, toOneLine } from './text-cleaning';

/** A one-line text field (titles, search words, labels). */
export const oneLineText = (error?: string) => z.string({ error }).overwrite(toOneLine);

/** A several-line text field (notes, descriptions). */
export const multiLineText = (error?: string) => z.string({ error }).overwrite(toMultiLine);

export const MAX_NAME_LENGTH = 100;

/** A name (a person's, a token's, a buyer's): one line, required, at most 100 characters. */
export const nameText = (required: string) => oneLineText(required).min(1, required).max(MAX_NAME_LENGTH, m.nameTooLong);

/**
 * A secret or code the server compares (reset and verification tokens, session ids, codes): never
 * altered, since a changed token is another token, so control characters are refused instead.
 */
export const tokenText = (invalid: string, max: number, required = invalid) =>
  z
    .string({ error: required })
    .min(1, required)
    .max(max, invalid)
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value) && wellFormed(value) === value, invalid);
