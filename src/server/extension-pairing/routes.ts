import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { errorAnswer } from '../http/errors';
import { authenticate, ensureAllowed } from '../auth/request-user';
import { extensionPairingPaths, PAIRING_CODE_FRAGMENT } from '../../shared/extension-pairing';
import { connectedPageQuery, exchangedToken, exchangePairingCodeBody } from '../../shared/extension-pairing-schemas';
import { paths } from '../../shared/routes';
import { connectedPage } from './connected-page';
import { exchangePairingCode, startPairing } from './service';

const signInFromExtension = `${paths.auth}?source=extension`;

/**
 * The browser extension's sign-in hand-off (docs/extension.md, Connect). The
 * code travels in a URL fragment, which browsers never send to a server or in a Referer; the
 * extension, the one party that watches this tab, trades it for a token with a POST.
 */
export function extensionPairingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = (summary: string) => ({ tags: ['extension'], summary });

    app.get(
      extensionPairingPaths.start,
      { schema: schema('Browser redirect after extension login: on to the page that carries a pairing code') },
      async (request, reply) => {
        const auth = await authenticate(ctx, request, reply);
        if (auth?.kind !== 'session') return reply.redirect(signInFromExtension);
        ensureAllowed(ctx, auth, 'manageTokens');
        const code = startPairing(ctx, auth.user.id);
        return reply
          .header('cache-control', 'no-store')
          .redirect(`${extensionPairingPaths.connected}#${PAIRING_CODE_FRAGMENT}=${code}`, 303);
      },
    );

    app.get(
      extensionPairingPaths.connected,
      {
        schema: {
          ...schema('The page the sign-in tab ends on; the extension reads its code from the URL'),
          querystring: connectedPageQuery,
        },
      },
      async (request, reply) =>
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(connectedPage(request.query.status)),
    );

    app.post(
      extensionPairingPaths.exchange,
      {
        // No cookie is read here: the code in the body is the whole credential, so any origin (the extension's) may send it.
        config: { anyOrigin: true },
        schema: {
          ...schema('Trade a pairing code for an API token named after the browser (once per code)'),
          body: exchangePairingCodeBody,
          response: { 201: exchangedToken, 400: errorAnswer, 409: errorAnswer },
        },
      },
      async (request, reply) => reply.status(201).send(await exchangePairingCode(ctx, request.body.code, request.headers['user-agent'])),
    );
  };
}
