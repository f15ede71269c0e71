import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { errorAnswer } from '../http/errors';
import { AfterReply } from '../auth/after-reply';
import { requireUser, signedIn } from '../auth/request-user';
import { queueTitleFetches } from '../links/title-fetch/title-fetches';
import { importAnswer, importBody, importParams, MAX_IMPORT_BYTES } from '../../shared/portability';
import { importLinks } from './service';
import { acceptImportUploads } from './upload';

const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 413: errorAnswer };

/** POST /api/import/{source} (SPEC.md section 7): links from another service's export, or ours. */
export function importRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));
    acceptImportUploads(app);
    const afterReply = new AfterReply(ctx.log);
    app.addHook('onClose', () => afterReply.drain());

    app.post(
      '/api/import/:source',
      {
        bodyLimit: MAX_IMPORT_BYTES,
        schema: {
          tags: ['imports'],
          summary: 'Import links from an export file',
          description:
            'JSON `{ csvData }` with the file\'s text (CSV; HTML for netscape; CSV or JSON for stash), or multipart/form-data with the file in a `file` field (Pocket\'s ZIP of part_*.csv files too). At most 50 MB.',
          consumes: ['application/json', 'multipart/form-data'],
          params: importParams,
          body: importBody,
          response: { 200: importAnswer, ...errors },
        },
      },
      async (request) => {
        const { answer, toRead } = await importLinks(ctx, signedIn(request), request.params.source, request.body);
        afterReply.run('queueing page reads for an import', () => queueTitleFetches(ctx, toRead));
        return answer;
      },
    );
  };
}
