import type { Socket } from 'node:net';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { errorAnswer, HttpError } from '../http/errors';
import { AfterReply } from '../auth/after-reply';
import { requireUser, signedIn } from '../auth/request-user';
import { queuePageReads } from '../pages/page-reads';
import { importAnswer, importBody, importMessages, importParams, MAX_IMPORT_JSON_BYTES } from '../../shared/portability';
import { admitImports, ImportAdmission, importTicket } from './admission/admission';
import { FairQueue } from './admission/fair-queue';
import { importLinks } from './service';
import { acceptImportUploads, jsonBodyFile, receiveUpload } from './upload';

const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 409: errorAnswer, 413: errorAnswer, 503: errorAnswer };

/** POST /api/import/{source} (docs/product/imports-exports.md): links from another service's export, or ours. */
export function importRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireUser(ctx));
    // Imports parsed at once, at most (IMPORTS_AT_ONCE, a core each by default); the others wait their turn, fairly across accounts.
    const { queue: importSlots, admission } = importGateOf(ctx);
    await acceptImportUploads(app);
    admitImports(app, ctx, admission);
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
            "multipart/form-data with the file in a `file` field (at most 50 MB; Pocket's ZIP of part_*.csv files too), or JSON `{ csvData }` with the file's text (CSV; HTML for netscape; CSV or JSON for stash; JSON for browser-json), at most 50 MB too. `auto` recognises the format from the file itself. One import at a time per account (409 while one runs); 503 with Retry-After while uploads take all the temporary disk allowed.",
          consumes: ['application/json', 'multipart/form-data'],
          params: importParams,
          body: importBody.nullish(),
          response: { 200: importAnswer, ...errors },
        },
      },
      async (request) => {
        const ticket = importTicket(request);
        let upload: Awaited<ReturnType<typeof receiveUpload>> | undefined;
        try {
          upload = request.isMultipart() ? await receiveUpload(request) : jsonBodyFile(request);
        } catch (error) {
          await ticket.release();
          throw error;
        }
        const restoreIdleTimeout = waitWithoutIdleTimeout(request.raw.socket);
        try {
          const input = upload?.input ?? (request.body ? { text: request.body.csvData } : undefined);
          if (!input) throw new HttpError(400, 'VALIDATION', importMessages.emptyFile);
          const auth = signedIn(request);
          const { answer, toRead } = await importSlots.run(auth.user.id, () => importLinks(ctx, auth, request.params.source, input));
          afterReply.run('queueing page reads for an import', () => queuePageReads(ctx, toRead));
          // Imported links are stored without their search vectors (insert.ts): the job fills them.
          if (answer.imported > 0) afterReply.run('queueing search vectors for an import', () => fillSearchVectorsSoon(ctx));
          return answer;
        } finally {
          restoreIdleTimeout();
          await upload?.remove();
          await ticket.release();
        }
      },
    );
  };
}

const importGates = new WeakMap<AppContext, { queue: FairQueue; admission: ImportAdmission }>();

/** The process's import admission and its queue of imports waiting for a worker (the tests watch how many wait). */
export function importGateOf(ctx: AppContext): { queue: FairQueue; admission: ImportAdmission } {
  let gate = importGates.get(ctx);
  if (!gate)
    importGates.set(
      ctx,
      (gate = {
        queue: new FairQueue(ctx.config.imports.atOnce),
        admission: new ImportAdmission(ctx.config.imports.queueMb * 1024 * 1024),
      }),
    );
  return gate;
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

async function fillSearchVectorsSoon(ctx: AppContext): Promise<void> {
  await ctx.jobs.send('links.fill-search-vectors', {}, { singletonKey: 'pending' });
}
