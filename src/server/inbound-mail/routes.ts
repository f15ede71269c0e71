import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { errorAnswer, HttpError } from '../http/errors';
import { requireUser, signedIn } from '../auth/request-user';
import { inboundAddressAnswer, inboundMailAnswer, inboundMailMessages } from '../../shared/inbound-mail-schemas';
import { findAddress, renewAddress } from './address';
import { listMails } from './history';

const errors = { 401: errorAnswer, 403: errorAnswer, 404: errorAnswer };

function secretOf(ctx: AppContext): string {
  if (!ctx.config.sessionSecret) throw new Error('The session secret is not set: main.ts resolves it before building the app.');
  return ctx.config.sessionSecret;
}

/** Settings → Import/Export and /mobile-apps: the signed-in user's save-by-e-mail address and the mails it received. */
export function inboundMailRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx.database;
    app.addHook('onRequest', requireUser(ctx));

    app.get(
      '/api/inbound-mail',
      {
        schema: {
          tags: ['inbound-mail'],
          summary: 'Your save-by-e-mail address and the last 20 mails it received',
          response: { 200: inboundMailAnswer, ...errors },
        },
      },
      async (request) => {
        const { user } = signedIn(request);
        const inbound = ctx.config.inbound;
        if (!inbound) return { enabled: false, address: null, emailVerified: user.emailVerified, mails: [] };
        const address = user.emailVerified ? await findAddress(db, secretOf(ctx), inbound.domain, user.id) : null;
        return { enabled: true, address, emailVerified: user.emailVerified, mails: await listMails(db, user.id) };
      },
    );

    app.post(
      '/api/inbound-mail/address',
      {
        schema: {
          tags: ['inbound-mail'],
          summary: 'A new save-by-e-mail address (the old one stops working)',
          response: { 200: inboundAddressAnswer, ...errors },
        },
      },
      async (request) => {
        const auth = signedIn(request);
        if (!ctx.config.inbound) throw new HttpError(404, 'NOT_ENABLED', inboundMailMessages.notEnabled);
        if (auth.kind !== 'session')
          throw new HttpError(403, 'SESSION_ONLY', 'Manage your save-by-e-mail address from Settings in the web app.');
        if (!auth.user.emailVerified) throw new HttpError(403, 'EMAIL_NOT_VERIFIED', inboundMailMessages.verifyFirst);
        return { address: await renewAddress(db, secretOf(ctx), ctx.config.inbound.domain, auth.user.id) };
      },
    );
  };
}
