import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { authenticate, type RequestAuth } from '../auth/request-user';
import { readSessionToken } from '../auth/session-http';
import { slideIsDue } from '../auth/sessions';
import { hashToken } from '../auth/tokens';
import { saveLinkAnswer, saveLinkBodyWith } from '../../shared/links-schemas';
import { errors, sendAsBuilt } from './routes';
import { saveLink } from './service';

/** Sessions remembered at once; past it the oldest is forgotten (and looked up again on its next save). */
const REMEMBERED_SESSIONS = 2_000;

/**
 * POST /api/links, the call made many times a second (the form, the extension, the share sheet,
 * scripts). A session's first save looks it up, as every other route does, and remembers what it
 * found. Its later saves skip that round trip: their own statement checks the session and every
 * column of the user they were decided with (save-statement.ts), and saves nothing when one
 * changed. That save is then decided again after a lookup, so a remembered session decides
 * nothing the database would not (one round trip a save instead of two: docs/product/links.md, Saving a link).
 */
export function linkSaveRoute(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const urlRules = { allowLocalhost: ctx.config.allowPrivateFetch };
    const remembered = new Map<string, RequestAuth>();
    /** The requests whose remembered session their save checks, with its sid (worked out once, by the hook). */
    const toCheck = new WeakMap<FastifyRequest, string>();

    /** The cookie session's sid, when the request has no bearer token. */
    const sessionSid = (request: FastifyRequest) => {
      if (request.headers.authorization) return undefined;
      const token = readSessionToken(request, ctx.config);
      return token ? hashToken(token) : undefined;
    };

    /** The lookup every other route does (401 before the body is read), remembering a cookie session. */
    const lookUp = async (request: FastifyRequest, reply: FastifyReply): Promise<RequestAuth> => {
      const auth = await authenticate(ctx, request, reply);
      if (!auth) throw new HttpError(401, 'UNAUTHENTICATED', 'Unauthorized');
      if (auth.session) {
        remembered.delete(auth.session.sid);
        remembered.set(auth.session.sid, auth);
        if (remembered.size > REMEMBERED_SESSIONS) remembered.delete(remembered.keys().next().value!);
      }
      return auth;
    };

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
        // A remembered session is checked by the save itself; any other is looked up now.
        onRequest: async (request, reply) => {
          const sid = sessionSid(request);
          const known = sid && remembered.get(sid);
          if (known && !slideIsDue(known.session!)) toCheck.set(request, sid);
          else request.auth = await lookUp(request, reply);
        },
      },
      async (request, reply) => {
        const sid = toCheck.get(request);
        const known = sid ? remembered.get(sid) : undefined;
        if (sid && known) {
          const saved = await saveLink(ctx, known, request.body, { sid, user: known.user }).catch((error: unknown) => {
            // Decided with what may have changed since (the plan, say): decided again after a lookup.
            if (error instanceof HttpError) return 'unchecked' as const;
            throw error;
          });
          if (saved !== 'unchecked') return reply.status(saved.created ? 201 : 200).send(saved.answer);
          remembered.delete(sid);
        }
        const saved = await saveLink(ctx, request.auth ?? (await lookUp(request, reply)), request.body);
        return reply.status(saved.created ? 201 : 200).send(saved.answer);
      },
    );
  };
}
