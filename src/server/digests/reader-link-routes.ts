import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { errorAnswer, HttpError } from '../http/errors';
import { findLinkContent, imageRoute, isImageOfLink } from '../pages/page-copies';
import { fetchImage } from '../pages/image-proxy';
import { idParams } from '../../shared/links-schemas';
import { readerLinkApi, readerLinkContent, readerLinkImageQuery, readerLinkQuery } from '../../shared/reader-link-schemas';
import { readReaderToken } from './reader-links';

const errors = { 400: errorAnswer, 404: errorAnswer, 502: errorAnswer };
const notValid = () => new HttpError(404, 'INVALID_READER_LINK', 'This reading link is not valid any more. Sign in to read the page.');

/**
 * The digest's "Read in Stash" without a session (reader-links.ts): the readable copy and its
 * images, for the link and user the token names. A token that is not genuine, is for another link
 * or has expired answers 404, and the reader then asks the user to sign in.
 */
export function readerLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx.database;
    const keyring = () => {
      if (!ctx.config.linkKeyring) throw new Error('The link-signing keyring is not loaded.');
      return ctx.config.linkKeyring;
    };
    const schema = (summary: string) => ({ tags: ['digests'], summary });

    app.get(
      '/api/reader-links/:id/content',
      {
        schema: {
          ...schema('A digest\'s "Read in Stash": the readable copy, without the user\'s notes or categories'),
          params: idParams,
          querystring: readerLinkQuery,
          response: { 200: readerLinkContent, ...errors },
        },
      },
      async (request, reply) => {
        const signed = readReaderToken(keyring(), request.params.id, request.query.token);
        if (!signed) throw notValid();
        const { notes: _notes, categories: _categories, ...content } = await findLinkContent(db, signed.userId, signed.linkId);
        // The copy's images come through the token's own image route: this browser has no session.
        const imagePrefix = imageRoute(signed.linkId, '').replace(/src=$/, '');
        const html = content.html.replaceAll(
          imagePrefix,
          `${readerLinkApi(signed.linkId)}/image?token=${encodeURIComponent(request.query.token)}&amp;`,
        );
        return reply.header('cache-control', 'private, no-store').send({ ...content, html });
      },
    );

    app.get(
      '/api/reader-links/:id/image',
      {
        schema: {
          ...schema('An image of the readable copy opened by a "Read in Stash" link'),
          params: idParams,
          querystring: readerLinkImageQuery,
          response: { 200: z.any().describe('The image'), ...errors },
        },
      },
      async (request, reply) => {
        const signed = readReaderToken(keyring(), request.params.id, request.query.token);
        if (!signed) throw notValid();
        if (!(await isImageOfLink(db, signed.userId, signed.linkId, request.query.src)))
          throw new HttpError(404, 'NOT_FOUND', 'There is no such image.');
        const image = await fetchImage(ctx, request.query.src);
        return reply
          .header('content-type', image.contentType)
          .header('cache-control', 'private, max-age=604800, immutable')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(image.body);
      },
    );
  };
}
