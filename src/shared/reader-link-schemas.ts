import { z } from 'zod';
import { linkContent, linkImageQuery } from './links-schemas';

/** The digest's "Read in Stash" token (/read/<id>?token=…), which opens the reader without a session. */
export const readerLinkQuery = z.object({ token: z.string().max(200) });

/** GET /api/reader-links/:id/content: the readable copy and the original's address, nothing of the account (no notes, no categories). */
export const readerLinkContent = linkContent.omit({ notes: true, categories: true });
export type ReaderLinkContent = z.infer<typeof readerLinkContent>;

export const readerLinkImageQuery = readerLinkQuery.extend(linkImageQuery.shape);

/** The path of the signed-out reader's API for a link. */
export const readerLinkApi = (linkId: string) => `/api/reader-links/${encodeURIComponent(linkId)}`;
