import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { requireUser, signedIn } from '../auth/request-user';
import { saveLinkAnswer, saveLinkBodyWith } from '../../shared/links-schemas';
import { errors, sendAsBuilt } from './routes';
import { saveLink } from './service';

/**
 * POST /api/links, the call made many times a second (the form, the extension, the share sheet,
 * scripts): the session is looked up as on every other route (401 before the body is read), then
 * the save is one statement (save-statement.ts).
 */
export function linkSaveRoute(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const urlRules = { allowLocalhost: ctx.config.allowPrivateFetch };
    app.post(
      '/api/links',
      {
        ...sendAsBuilt,
        schema: {
          tags: ['links'],
          summary: 'Save a link; the same page already saved answers 200 with it, unless allowDuplicate',
          body: saveLinkBodyWith(urlRules),
          response: { 200: saveLinkAnswer, 201: saveLinkAnswer, ...errors },
        },
        onRequest: requireUser(ctx),
      },
      async (request, reply) => {
        const saved = await saveLink(ctx, signedIn(request), request.body);
        return reply.status(saved.created ? 201 : 200).send(saved.answer);
      },
    );
  };
}
