import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { errorAnswer, HttpError } from '../http/errors';
import { isUuid } from '../db/ids';
import { requireUser, signedIn } from '../auth/request-user';
import {
  historyPage,
  historyQuery,
  link,
  linkContent,
  linkCounts,
  idParams,
  linkImageQuery,
  linkList,
  linkLookupAnswer,
  linkLookupQueryWith,
  updateLinkBody,
} from '../../shared/links-schemas';
import { linkMessages } from '../../shared/link-messages';
import { findHistoryPage, findLinkCounts, findTodayLinks } from './listing';
import { findLinkById, findSavedLink } from './lookup';
import { deleteLink, updateLink } from './service';
import { findLinkContent, isImageOfLink } from '../pages/page-copies';
import { fetchImage } from '../pages/image-proxy';
import { queuePageRefresh } from '../pages/page-reads';

export const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer, 409: errorAnswer };

/**
 * For the link lists and a save's answer: toLink builds every answer field by field, so zod
 * checking up to 500 links a second time before sending them (a tenth of a page's cost) adds
 * nothing; the schema still documents the answer.
 */
export const sendAsBuilt = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/** The signed-in user's links (docs/product/links.md): Stashboard, My Stash, the save form (saving itself: save-route.ts). */
export function linkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx.database;
    const schema = (summary: string) => ({ tags: ['links'], summary });
    app.addHook('onRequest', requireUser(ctx));
    const urlRules = { allowLocalhost: ctx.config.allowPrivateFetch };

    app.get(
      '/api/links/today',
      { ...sendAsBuilt, schema: { ...schema("Links saved today, in the user's time zone"), response: { 200: linkList, ...errors } } },
      async (request) => findTodayLinks(db, signedIn(request).user),
    );

    app.get(
      '/api/links/history',
      {
        ...sendAsBuilt,
        schema: {
          ...schema('One page of My Stash: filter by category, unread or newsletter, or search'),
          querystring: historyQuery,
          response: { 200: historyPage, ...errors },
        },
      },
      async (request) => findHistoryPage(db, signedIn(request).user, request.query),
    );

    app.get(
      '/api/links/count',
      { schema: { ...schema("How many links the user has, and this month's saves"), response: { 200: linkCounts, ...errors } } },
      async (request) => findLinkCounts(db, signedIn(request).user, ctx.config),
    );

    app.get(
      '/api/links/lookup',
      {
        schema: {
          ...schema('The newest saved link to the same page (duplicate rules), or null'),
          querystring: linkLookupQueryWith(urlRules),
          response: { 200: linkLookupAnswer, ...errors },
        },
      },
      async (request) => ({ link: await findSavedLink(db, signedIn(request).user, request.query.url) }),
    );

    app.get(
      '/api/links/:id',
      {
        schema: {
          ...schema('One link: its read state and whether its page could be read'),
          params: idParams,
          response: { 200: link, ...errors },
        },
      },
      async (request) => {
        const found = await findLinkById(db, signedIn(request).user, request.params.id);
        if (!found) throw new HttpError(404, 'NOT_FOUND', linkMessages.linkNotFound);
        return found;
      },
    );

    app.patch(
      '/api/links/:id',
      {
        schema: {
          ...schema(
            "Edit a link: title (empty: the page's), notes and categories with the save form's rules; include in the newsletter (Pro); mark read or unread",
          ),
          params: idParams,
          body: updateLinkBody,
          response: { 200: link, ...errors },
        },
      },
      async (request) => updateLink(ctx, signedIn(request), request.params.id, request.body),
    );

    app.get(
      '/api/links/:id/content',
      {
        schema: {
          ...schema("The page's readable copy (404 when there is none)"),
          params: idParams,
          response: { 200: linkContent, ...errors },
        },
      },
      async (request) => findLinkContent(db, signedIn(request).user.id, request.params.id),
    );

    app.post(
      '/api/links/:id/refresh',
      { schema: { ...schema('Read the page again, soon (202)'), params: idParams, response: { 202: z.null(), ...errors } } },
      async (request, reply) => {
        if (!ctx.config.readPages) throw new HttpError(409, 'PAGES_NOT_READ', linkMessages.pagesNotRead);
        if (!isUuid(request.params.id) || !(await queuePageRefresh(db, signedIn(request).user.id, request.params.id))) {
          throw new HttpError(404, 'NOT_FOUND', linkMessages.linkNotFound);
        }
        return reply.status(202).send(null);
      },
    );

    app.get(
      '/api/links/:id/image',
      {
        schema: {
          ...schema("An image of the link's page, fetched by Stash so the reader's browser never asks a third party"),
          params: idParams,
          querystring: linkImageQuery,
          response: { 200: z.any().describe('The image'), ...errors, 502: errorAnswer },
        },
      },
      async (request, reply) => {
        const { src } = request.query;
        if (!(await isImageOfLink(db, signedIn(request).user.id, request.params.id, src)))
          throw new HttpError(404, 'NOT_FOUND', linkMessages.imageNotFound);
        const image = await fetchImage(ctx, src);
        return reply
          .header('content-type', image.contentType)
          .header('cache-control', 'private, max-age=604800, immutable')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(image.body);
      },
    );

    app.delete(
      '/api/links/:id',
      { schema: { ...schema('Delete a link'), params: idParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deleteLink(ctx, signedIn(request).user.id, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
