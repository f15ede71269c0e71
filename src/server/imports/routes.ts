import type { Socket } from 'node:net';
import pLimit from 'p-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { errorAnswer, HttpError } from '../http/errors';
import { AfterReply } from '../auth/after-reply';
import { requireUser, signedIn } from '../auth/request-user';
import { queuePageReads } from '../pages/page-reads';
import { importAnswer, importBody, importMessages, importParams, MAX_IMPORT_JSON_BYTES } from '../../shared/portability';
import { importLinks } from './service';
import { acceptImportUploads, jsonBodyFile, receiveUpload } from './upload';

const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 413: errorAnswer };

/** POST /api/import/{source} (docs/product/imports-exports.md): links from another service's export, or ours. */
export function importRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));
    // Imports parsed at once, at most (IMPORTS_AT_ONCE, a core each by default); the others wait their turn.
    const importSlots = pLimit(ctx.config.imports.atOnce);
    await acceptImportUploads(app);
    const afterReply = new AfterReply(ctx.log);
    app.addHook('onClose', () => afterReply.drain());

    app.post(
      '/api/import/:source',
      {
        bodyLimit: MAX_IMPORT_JSON_BYTES,
        schema: {
          tags: ['imports'],
          summary: 'Import links from an export file',
          description:
            'multipart/form-data with the file in a `file` field (at most 50 MB; Pocket\'s ZIP of part_*.csv files too), or JSON `{ csvData }` with the file\'s text (CSV; HTML for netscape; CSV or JSON for stash), at most 50 MB too.',
          consumes: ['application/json', 'multipart/form-data'],
          params: importParams,
          body: importBody.nullish(),
          response: { 200: importAnswer, ...errors },
        },
      },
      async (request) => {
        const upload = request.isMultipart() ? await receiveUpload(request) : jsonBodyFile(request);
        const restoreIdleTimeout = waitWithoutIdleTimeout(request.raw.socket);
        try {
          const input = upload?.input ?? (request.body ? { text: request.body.csvData } : undefined);
          if (!input) throw new HttpError(400, 'VALIDATION', importMessages.emptyFile);
          const { answer, toRead } = await importSlots(() => importLinks(ctx, signedIn(request), request.params.source, input));
          afterReply.run('queueing page reads for an import', () => queuePageReads(ctx, toRead));
          return answer;
        } finally {
          restoreIdleTimeout();
          await upload?.remove();
        }
      },
    );
  };
}

/**
 * A large file takes minutes to import: the connection's idle time-out (app.ts) is for clients
 * that stop sending, not for one waiting on its answer. The returned function puts it back.
 */
function waitWithoutIdleTimeout(socket: Socket): () => void {
  // Requests injected in tests have a stand-in socket without time-outs.
  if (typeof socket.setTimeout !== 'function') return () => {};
  const idleMs = socket.timeout ?? 0;
  socket.setTimeout(0);
  return () => socket.setTimeout(idleMs);
}
