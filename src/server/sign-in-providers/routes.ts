import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config, SignInProviderConfig } from '../config';
import type { AppContext } from '../context';
import { errorAnswer, HttpError } from '../http/errors';
import { mailPasswordLink } from '../auth/password-reset';
import { hashToken } from '../auth/tokens';
import { ensureAllowed, loadAccount, optionalUser, requireUser, signedIn } from '../auth/request-user';
import type { RateLimitRule } from '../auth/rate-limiter';
import { adoptSession, startSession } from '../auth/session-http';
import { recordEvent } from '../analytics/event-log';
import { proCheckoutAfterSignUp } from '../billing/checkout';
import { messageAnswer } from '../../shared/auth-schemas';
import { paths } from '../../shared/routes';
import {
  providerConnectAnswer,
  providerStartQuery,
  signInMethodsAnswer,
  signInProviderId,
  signInProviderMessages,
  signInProvidersAnswer,
  type ProviderErrorCode,
  type ProviderStartQuery,
} from '../../shared/sign-in-providers';
import type { User } from '../auth/current-user';
import { connectIdentity, signInWithProvider, unvouchedAddress } from './accounts';
import { isUnreachable, ProviderClients } from './clients';
import { finishAuthorization, startAuthorization } from './flow';
import { FLOW_MINUTES, setFlowCookie, setPendingConnection, takeFlowCookie } from './flow-cookies';
import { disconnectProvider, listSignInMethods } from './methods';
import { stateErrorPage, tooManyAttemptsPage } from './callback-pages';
import type { ProviderProfile } from './profiles';
import { providerCallbackUrl } from './urls';

const providerParams = z.object({ provider: signInProviderId });
/** Whatever the provider (or anyone) puts on the callback: only state, code and error are read. */
const callbackQuery = z.object({ state: z.string().max(2000).optional(), error: z.string().max(200).optional() }).loose();
/**
 * Callbacks per client address, whatever they carry: each one with a code costs a round trip to
 * the provider, and made-up codes are how a guesser would go.
 */
export const CALLBACK_LIMITS: RateLimitRule[] = [
  { limit: 30, windowSeconds: 60 },
  { limit: 300, windowSeconds: 60 * 60 },
];
const errors = { 401: errorAnswer, 403: errorAnswer, 404: errorAnswer, 409: errorAnswer, 429: errorAnswer };

/** Sign-in with Google, GitHub or an OpenID Connect provider (docs/product/accounts.md), and Settings → Security's sign-in methods. */
export function signInProviderRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const clients = new ProviderClients();
    const schema = (summary: string) => ({ tags: ['auth'], summary });

    /** Where the browser goes to sign in at the provider (or, when it does not answer, back to a page saying so). */
    const authorizationStart = async (
      request: FastifyRequest,
      reply: FastifyReply,
      provider: SignInProviderConfig,
      journey: ProviderStartQuery,
      userId: string | null,
    ) => {
      try {
        const { url, flow } = await startAuthorization(clients, provider, providerCallbackUrl(ctx.config, provider.id), journey, userId);
        setFlowCookie(reply, ctx.config, flow);
        return url.href;
      } catch (error) {
        request.log.warn({ err: error, provider: provider.id }, 'could not start a provider sign-in');
        return errorPath(provider, 'unreachable', userId !== null);
      }
    };

    app.get(
      '/api/auth/providers',
      { schema: { ...schema('The external sign-in providers this server offers'), response: { 200: signInProvidersAnswer } } },
      async () => ({ providers: ctx.config.signInProviders.map(({ id, name }) => ({ id, name })) }),
    );

    app.get(
      '/api/auth/:provider/start',
      {
        schema: { ...schema('Go to the provider to sign in'), params: providerParams, querystring: providerStartQuery },
        exposeHeadRoute: false,
      },
      async (request, reply) => {
        const provider = configuredProvider(ctx, request.params.provider);
        return reply.redirect(await authorizationStart(request, reply, provider, request.query, null));
      },
    );

    // Connecting changes the account: a POST, origin-checked like every other change, with the web session.
    app.post(
      '/api/auth/:provider/connect',
      {
        schema: {
          ...schema('Start connecting a provider to the signed-in account: where to send the browser'),
          params: providerParams,
          response: { 200: providerConnectAnswer, ...errors },
        },
        onRequest: requireUser(ctx),
      },
      async (request, reply) => {
        const auth = signedIn(request);
        ensureAllowed(ctx, auth, 'manageSignInMethods');
        const provider = configuredProvider(ctx, request.params.provider);
        return { url: await authorizationStart(request, reply, provider, providerStartQuery.parse({}), auth.user.id) };
      },
    );

    app.get(
      '/api/auth/:provider/callback',
      {
        schema: { ...schema('Where the provider sends the browser back'), params: providerParams, querystring: callbackQuery },
        onRequest: optionalUser(ctx),
        exposeHeadRoute: false,
      },
      async (request, reply) => {
        const provider = configuredProvider(ctx, request.params.provider);
        const admitted = await admitCallback(ctx, request.ip);
        if (!admitted.allowed) return tooManyAttempts(reply, admitted.retryAfterSeconds);
        const flow = takeFlowCookie(request, reply, ctx.config);
        if (!flow || flow.provider !== provider.id || request.query.state !== flow.state || !(await firstUseOf(ctx, flow.state))) {
          return reply.status(400).type('text/html; charset=utf-8').send(stateErrorPage());
        }
        const connecting = flow.userId !== null;
        if (request.query.error !== undefined) {
          return reply.redirect(errorPath(provider, request.query.error === 'access_denied' ? 'cancelled' : 'failed', connecting));
        }
        let profile;
        try {
          profile = await finishAuthorization(clients, provider, callbackUrlOf(request, ctx.config, provider), flow);
        } catch (error) {
          request.log.warn({ err: error, provider: provider.id }, 'a provider sign-in did not check out');
          return reply.redirect(errorPath(provider, isUnreachable(error) ? 'unreachable' : 'failed', connecting));
        }

        if (connecting) {
          if (!request.auth || request.auth.user.id !== flow.userId)
            return reply.status(400).type('text/html; charset=utf-8').send(stateErrorPage());
          const refused = unvouchedAddress(profile);
          if (refused) return reply.redirect(errorPath(provider, refused, true));
          const connected = await connectIdentity(ctx, await loadAccount(ctx, request.auth), profile);
          if (connected === 'alreadyConnected') return reply.redirect(errorPath(provider, 'alreadyConnected', true));
          return reply.redirect(`${paths.settings}?tab=security&connected=${provider.id}`);
        }

        let outcome;
        try {
          outcome = await signInWithProvider(ctx, profile, flow.journey, request.ip);
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 429) return tooManyAttempts(reply, Number(error.headers['retry-after']));
          throw error;
        }
        switch (outcome.kind) {
          case 'returning':
            await startSession(ctx, request, reply, outcome.user.id);
            return reply.redirect((await proCheckout(ctx, outcome.user, flow.journey)) ?? paths.dashboard);
          case 'created':
            await adoptSession(ctx, request, reply, outcome.session);
            await recordSignUp(ctx, outcome.user, provider, flow.journey);
            return reply.redirect((await proCheckout(ctx, outcome.user, flow.journey)) ?? paths.activation);
          case 'connectWithPassword':
            setPendingConnection(reply, ctx.config, {
              provider: provider.id,
              subject: profile.subject,
              email: profile.email!,
              name: fullName(profile),
            });
            return reply.redirect(`${paths.auth}?mode=login&connect=${provider.id}`);
          case 'refused':
            return reply.redirect(errorPath(provider, outcome.code, false));
        }
      },
    );

    app.get(
      '/api/auth/sign-in-methods',
      {
        schema: { ...schema('The password and the providers of the signed-in account'), response: { 200: signInMethodsAnswer, ...errors } },
        onRequest: requireUser(ctx),
      },
      async (request) => listSignInMethods(ctx, signedIn(request).user.id),
    );

    app.delete(
      '/api/auth/sign-in-methods/:provider',
      {
        schema: {
          ...schema('Disconnect a provider (not the last way to sign in)'),
          params: providerParams,
          response: { 200: messageAnswer, ...errors },
        },
        onRequest: requireUser(ctx),
      },
      async (request) => {
        const auth = signedIn(request);
        ensureAllowed(ctx, auth, 'manageSignInMethods');
        const provider = configuredProvider(ctx, request.params.provider);
        await disconnectProvider(ctx, auth.user.id, provider.id);
        return { message: signInProviderMessages.disconnected(provider.name) };
      },
    );

    app.post(
      '/api/auth/password-link',
      {
        schema: { ...schema('E-mail the signed-in account a link to set its password'), response: { 200: messageAnswer, ...errors } },
        onRequest: requireUser(ctx),
      },
      async (request) => {
        const auth = signedIn(request);
        ensureAllowed(ctx, auth, 'manageSignInMethods');
        await mailPasswordLink(ctx, await loadAccount(ctx, auth));
        return { message: signInProviderMessages.passwordLinkSent };
      },
    );
  };
}

/**
 * A state is good for one callback, even if its cookie is sent again: the shared attempt counters
 * (every instance sees them) hold each used state for as long as a flow lives.
 */
async function firstUseOf(ctx: AppContext, state: string): Promise<boolean> {
  const use = await ctx.rateLimiter.attempt(`signin-state:${hashToken(state)}`, [{ limit: 1, windowSeconds: FLOW_MINUTES * 60 }]);
  return use.allowed;
}

async function admitCallback(ctx: AppContext, ip: string) {
  return ctx.rateLimiter.attempt(`signin-callback:ip:${ip}`, CALLBACK_LIMITS);
}

function tooManyAttempts(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply
    .status(429)
    .header('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds))))
    .type('text/html; charset=utf-8')
    .send(tooManyAttemptsPage());
}

/** The whole name the provider gave, for the question before connecting. */
function fullName(profile: Pick<ProviderProfile, 'firstName' | 'lastName'>): string {
  return [profile.firstName, profile.lastName].filter(Boolean).join(' ');
}

function configuredProvider(ctx: AppContext, id: SignInProviderConfig['id']): SignInProviderConfig {
  const provider = ctx.config.signInProviders.find((candidate) => candidate.id === id);
  if (!provider) throw new HttpError(404, 'PROVIDER_NOT_CONFIGURED', signInProviderMessages.notConfigured);
  return provider;
}

/** The callback as registered at the provider (APP_URL, whatever proxy is in front) with the query it came with. */
function callbackUrlOf(request: FastifyRequest, config: Config, provider: SignInProviderConfig): URL {
  const url = new URL(providerCallbackUrl(config, provider.id));
  url.search = new URL(request.url, config.appUrl).search;
  return url;
}

function errorPath(provider: SignInProviderConfig, code: ProviderErrorCode, connecting: boolean): string {
  const query = new URLSearchParams({ providerError: code, provider: provider.id });
  return connecting ? `${paths.settings}?tab=security&${query}` : `${paths.auth}?mode=login&${query}`;
}

/** The Pro offer the visitor came for (/pro-signup, /auth?tier=pro) goes on to the checkout. */
async function proCheckout(ctx: AppContext, user: User, journey: ProviderStartQuery): Promise<string | undefined> {
  if (journey.tier !== 'pro') return undefined;
  return (await proCheckoutAfterSignUp(ctx, user, { tier: 'pro', hasBonus: journey.bonus === 'true' })) ?? `${paths.pricing}?upgrade=true`;
}

/** The same sign_up event the sign-up forms record, with the provider as its method. */
async function recordSignUp(ctx: AppContext, user: User, provider: SignInProviderConfig, journey: ProviderStartQuery): Promise<void> {
  const props = {
    plan: journey.tier === 'pro' ? 'pro' : 'trial',
    method: provider.id,
    ...(journey.journey ? { journey: journey.journey } : {}),
  };
  await recordEvent(ctx.database.db, { name: 'sign_up', props, userId: user.id });
}
