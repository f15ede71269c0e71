import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { errorAnswer } from '../http/errors';
import { requireUser, signedIn } from '../auth/request-user';
import { exportParams } from '../../shared/portability';
import { exportLinks, exportMarkdown } from './service';

/** GET /api/export/{csv,json,html}: the signed-in user's links as a download; GET /api/export/markdown: their highlights as Markdown files in a ZIP. */
export function exportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));

    app.get(
      '/api/export/markdown',
      {
        schema: {
          tags: ['imports'],
          summary:
            'Download every link with highlights as Markdown (a ZIP of one file per link: front matter, notes, each highlight a blockquote with its note)',
          response: { 200: z.any().describe('application/zip'), 401: errorAnswer },
        },
      },
      async (request, reply) => {
        const file = await exportMarkdown(ctx.database.db, signedIn(request).user.id);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );

    app.get(
      '/api/export/:format',
      {
        schema: {
          tags: ['imports'],
          summary: 'Download every link: CSV (spreadsheet-safe), JSON (everything) or bookmark HTML',
          params: exportParams,
          response: { 200: z.string(), 400: errorAnswer, 401: errorAnswer },
        },
      },
      async (request, reply) => {
        const file = await exportLinks(ctx.database.db, signedIn(request).user.id, request.params.format);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );
  };
}
