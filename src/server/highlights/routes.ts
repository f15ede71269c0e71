import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { errorAnswer } from '../http/errors';
import { requireUser, signedIn } from '../auth/request-user';
import { idParams } from '../../shared/links-schemas';
import {
  createHighlightBody,
  highlight,
  highlightList,
  highlightsPage,
  highlightsQuery,
  updateHighlightBody,
} from '../../shared/highlight-schemas';
import { createHighlight, deleteHighlight, listLinkHighlights, updateHighlight } from './service';
import { findHighlightsPage } from './listing';

const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer };

/** Passages the signed-in user marked in their links' readable copies (src/server/highlights/README.md). */
export function highlightRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx.database;
    const schema = (summary: string) => ({ tags: ['highlights'], summary });
    app.addHook('onRequest', requireUser(ctx));

    app.get(
      '/api/links/:id/highlights',
      { schema: { ...schema("A link's highlights, in reading order"), params: idParams, response: { 200: highlightList, ...errors } } },
      async (request) => listLinkHighlights(db, signedIn(request).user.id, request.params.id),
    );

    app.post(
      '/api/links/:id/highlights',
      {
        schema: {
          ...schema('Highlight a passage of the link’s readable copy (a TextQuoteSelector and a TextPositionSelector over its plain text)'),
          params: idParams,
          body: createHighlightBody,
          response: { 201: highlight, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await createHighlight(db, signedIn(request).user.id, request.params.id, request.body)),
    );

    app.get(
      '/api/highlights',
      {
        schema: {
          ...schema('Every highlight of the user, newest first, with its link; q searches passages and notes'),
          querystring: highlightsQuery,
          response: { 200: highlightsPage, ...errors },
        },
      },
      async (request) => findHighlightsPage(db, signedIn(request).user.id, request.query),
    );

    app.patch(
      '/api/highlights/:id',
      {
        schema: {
          ...schema("Change a highlight's colour or note (an empty note removes it)"),
          params: idParams,
          body: updateHighlightBody,
          response: { 200: highlight, ...errors },
        },
      },
      async (request) => updateHighlight(db, signedIn(request).user.id, request.params.id, request.body),
    );

    app.delete(
      '/api/highlights/:id',
      { schema: { ...schema('Remove a highlight'), params: idParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deleteHighlight(db, signedIn(request).user.id, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
