import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, mailsTo, OWN_ORIGIN, sessionCookieFrom, signIn, TEST_PASSWORD } from '../../../tests/support/factories';
import { startFakeGitHub, type FakeGitHub } from '../../../tests/support/fake-github';
import { startOidcTestProvider, type OidcTestProvider } from '../../../tests/support/oidc-test-provider';
import { cookiesOf, FLOW_COOKIE, PENDING_COOKIE, providerRoundTrip, type RoundTripOptions } from '../../../tests/support/provider-sign-in';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { analyticsEvents, signInIdentities, users } from '../db/schema';
import { ProviderClients, isUnreachable } from './clients';

const APP_URL = 'http://localhost:3000';
let t: TestApp;
let idp: OidcTestProvider;
let github: FakeGitHub;

beforeAll(async () => {
  idp = await startOidcTestProvider({ redirectUris: [`${APP_URL}/api/auth/oidc/callback`] });
  github = await startFakeGitHub();
  t = await startTestApp({
    env: {
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_NAME: 'Authentik',
      GITHUB_CLIENT_ID: github.clientId,
      GITHUB_CLIENT_SECRET: github.clientSecret,
      GITHUB_BASE_URL: github.baseUrl,
      GITHUB_API_URL: github.apiUrl,
      // Google pointed at a port where nothing listens: the "provider unreachable" case.
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER_URL: 'http://127.0.0.1:9',
    },
  });
});

afterAll(async () => {
  await t?.close();
  await idp?.close();
  await github?.close();
});

async function start(provider: string, query = '', cookie = '') {
  return t.app.inject({ method: 'GET', url: `/api/auth/${provider}/start${query}`, headers: cookie ? { cookie } : {} });
}

const roundTrip = (provider: 'oidc' | 'github', login: string, options: RoundTripOptions = {}) =>
  providerRoundTrip(t, provider, login, options);

async function currentUser(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
}

describe('the provider buttons', () => {
  it('lists only the configured providers, with the generic one under OIDC_NAME', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({
      providers: [
        { id: 'google', name: 'Google' },
        { id: 'github', name: 'GitHub' },
        { id: 'oidc', name: 'Authentik' },
      ],
    });
  });

  it('starts an authorization code request with PKCE (S256), a state and a nonce, remembered in an HttpOnly cookie', async () => {
    const res = await start('oidc', '?journey=b');
    const location = new URL(res.headers.location as string);
    expect(location.origin).toBe(idp.issuer);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: idp.clientId,
      redirect_uri: `${APP_URL}/api/auth/oidc/callback`,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    expect(location.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(location.searchParams.get('nonce')).toMatch(/^[\w-]{40,}$/);
    expect(String(res.headers['set-cookie'])).toMatch(/stash\.signin-flow=.*HttpOnly.*SameSite=Lax/);
  });

  it('documents its routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/providers',
        '/api/auth/{provider}/start',
        '/api/auth/{provider}/connect',
        '/api/auth/{provider}/callback',
        '/api/auth/pending-connection',
        '/api/auth/sign-in-methods',
      ]),
    );
  });

  it('answers 400 for a provider that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/facebook/start' });
    expect(res.statusCode).toBe(400);
  });
});

describe('signing in with the generic OpenID Connect provider', () => {
  it('makes a new person a trial account on the e-mail sign-up path, then signs them back in to it', async () => {
    idp.people.set('ada', { email: 'ada@idp.example', email_verified: true, given_name: 'Ada', family_name: 'Lovelace' });
    const { callback } = await roundTrip('oidc', 'ada', { query: '?journey=b' });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/activation');
    const cookie = sessionCookieFrom(t, callback)!;
    const me = (await currentUser(cookie)).json();
    expect(me).toMatchObject({
      email: 'ada@idp.example',
      firstName: 'Ada',
      lastName: 'Lovelace',
      authProvider: 'oidc',
      emailVerified: true,
      accountType: 'trial',
    });
    const [row] = await t.ctx.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row.passwordHash).toBeNull();
    expect(row.trialEndsAt!.getTime()).toBeGreaterThan(Date.now() + 13 * 24 * 3600 * 1000);
    const identities = await t.ctx.database.db.select().from(signInIdentities).where(eq(signInIdentities.userId, me.id));
    expect(identities).toMatchObject([{ provider: 'oidc', subject: 'ada', email: 'ada@idp.example' }]);
    const events = await t.ctx.database.db
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.userId, me.id), eq(analyticsEvents.name, 'sign_up')));
    expect(events.map((event) => event.props)).toEqual([{ plan: 'trial', method: 'oidc', journey: 'b' }]);
    // The provider vouched for the address: no verification e-mail.
    expect(await mailsTo(t.ctx, 'ada@idp.example')).toEqual([]);

    const again = await roundTrip('oidc', 'ada');
    expect(again.callback.headers.location).toBe('/dashboard');
    expect((await currentUser(sessionCookieFrom(t, again.callback)!)).json().id).toBe(me.id);
  });

  it('makes no account for an address the provider has not verified, and says why', async () => {
    idp.people.set('bob', { email: 'bob@idp.example', email_verified: false, given_name: 'Bob' });
    const { callback } = await roundTrip('oidc', 'bob');
    expect(callback.headers.location).toBe('/auth?mode=login&providerError=unverifiedEmail&provider=oidc');
    expect(sessionCookieFrom(t, callback)).toBeUndefined();
    expect(await t.ctx.database.db.select().from(users).where(eq(users.email, 'bob@idp.example'))).toEqual([]);
    expect(await mailsTo(t.ctx, 'bob@idp.example')).toEqual([]);
  });

  it('never takes over an account with the same address: its owner logs in with the password, then is asked', async () => {
    const owner = await createUser(t.ctx, { email: 'owner@idp.example' });
    idp.people.set('owner-at-idp', { email: 'owner@idp.example', email_verified: true, given_name: 'Owen', family_name: 'Er' });
    const { callback } = await roundTrip('oidc', 'owner-at-idp');
    expect(callback.headers.location).toBe('/auth?mode=login&connect=oidc');
    expect(sessionCookieFrom(t, callback)).toBeUndefined();
    expect(await t.ctx.database.db.select().from(signInIdentities).where(eq(signInIdentities.userId, owner.id))).toEqual([]);

    const pending = cookiesOf(callback, PENDING_COOKIE);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...OWN_ORIGIN, cookie: pending },
      payload: { email: owner.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const cookie = `${pending}; ${sessionCookieFrom(t, login)}`;
    const asked = await t.app.inject({ method: 'GET', url: '/api/auth/pending-connection', headers: { cookie } });
    expect(asked.json()).toEqual({ pending: { provider: 'oidc', providerName: 'Authentik', name: 'Owen Er', email: 'owner@idp.example' } });
    const connect = await t.app.inject({ method: 'POST', url: '/api/auth/pending-connection', headers: { ...OWN_ORIGIN, cookie } });
    expect(connect.json()).toEqual({ message: 'Authentik is connected. You can now sign in with it.' });

    const again = await roundTrip('oidc', 'owner-at-idp');
    expect(again.callback.headers.location).toBe('/dashboard');
    expect((await currentUser(sessionCookieFrom(t, again.callback)!)).json().id).toBe(owner.id);
  });

  it('tells the owner of another provider account with that address how to connect instead', async () => {
    await createUser(t.ctx, { email: 'octo-owner@idp.example', passwordHash: null, authProvider: 'github' });
    idp.people.set('octo-owner', { email: 'octo-owner@idp.example', email_verified: true });
    const { callback } = await roundTrip('oidc', 'octo-owner');
    expect(callback.headers.location).toBe('/auth?mode=login&providerError=otherProvider&provider=oidc');
    expect(sessionCookieFrom(t, callback)).toBeUndefined();
  });

  it('goes back to /auth saying so when the person cancels at the provider, signing nobody in', async () => {
    const { callback } = await roundTrip('oidc', 'nobody', { choice: 'cancel' });
    expect(callback.headers.location).toBe('/auth?mode=login&providerError=cancelled&provider=oidc');
    expect(sessionCookieFrom(t, callback)).toBeUndefined();
  });

  it('refuses a replayed callback, and one without its sign-in in progress, with a page that says so', async () => {
    idp.people.set('replay', { email: 'replay@idp.example', email_verified: true });
    const { callback, callbackUrl, flowCookie } = await roundTrip('oidc', 'replay');
    expect(callback.headers.location).toBe('/activation');
    for (const cookie of [flowCookie, '']) {
      const replayed = await t.app.inject({ method: 'GET', url: callbackUrl.pathname + callbackUrl.search, headers: { cookie } });
      expect(replayed.statusCode).toBe(400);
      expect(replayed.headers['content-type']).toMatch(/text\/html/);
      expect(replayed.body).toContain('This sign-in could not be completed');
      expect(sessionCookieFrom(t, replayed)).toBeUndefined();
    }
  });

  it('refuses a callback whose state is not the one this browser started', async () => {
    const started = await start('oidc');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/oidc/callback?code=abc&state=forged',
      headers: { cookie: cookiesOf(started, FLOW_COOKIE) },
    });
    expect(res.statusCode).toBe(400);
    expect(sessionCookieFrom(t, res)).toBeUndefined();
  });

  it('answers no callback input with a 500', async () => {
    const started = await start('github');
    const state = new URL(started.headers.location as string).searchParams.get('state')!;
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('code', 'state', 'error', 'iss', 'x'), fc.oneof(fc.string(), fc.constant(state))),
        fc.boolean(),
        async (query, withCookie) => {
          const res = await t.app.inject({
            method: 'GET',
            url: `/api/auth/${withCookie ? 'github' : 'oidc'}/callback?${new URLSearchParams(query)}`,
            // Its own client address: past the callback limit it answers 429, and the other tests keep theirs.
            remoteAddress: '10.0.0.40',
            headers: withCookie ? { cookie: cookiesOf(started, FLOW_COOKIE) } : {},
          });
          expect(res.statusCode).toBeLessThan(500);
          expect(sessionCookieFrom(t, res)).toBeUndefined();
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('signing in with GitHub', () => {
  it('makes an account from the verified primary address of the e-mails API', async () => {
    github.user = {
      id: 1001,
      login: 'grace',
      name: 'Grace Hopper',
      emails: [
        { email: 'public@github.example', primary: false, verified: true },
        { email: 'grace@github.example', primary: true, verified: true },
      ],
    };
    const { callback } = await roundTrip('github', 'grace', { query: '?invitationCode=' });
    expect(callback.headers.location).toBe('/activation');
    expect((await currentUser(sessionCookieFrom(t, callback)!)).json()).toMatchObject({
      email: 'grace@github.example',
      firstName: 'Grace',
      lastName: 'Hopper',
      authProvider: 'github',
      emailVerified: true,
    });
  });

  it('refuses a GitHub account whose primary address is not verified', async () => {
    github.user = {
      id: 1002,
      login: 'unverified',
      name: null,
      emails: [{ email: 'unverified@github.example', primary: true, verified: false }],
    };
    const { callback } = await roundTrip('github', 'unverified');
    expect(callback.headers.location).toBe('/auth?mode=login&providerError=noEmail&provider=github');
  });

  it('goes back to /auth when the person cancels at GitHub', async () => {
    const { callback } = await roundTrip('github', 'octo', { choice: 'cancel' });
    expect(callback.headers.location).toBe('/auth?mode=login&providerError=cancelled&provider=github');
  });
});

describe('a provider that cannot be reached', () => {
  it('sends the visitor back to /auth with a message naming it', async () => {
    const res = await start('google');
    expect(res.headers.location).toBe('/auth?mode=login&providerError=unreachable&provider=google');
  });

  it('counts a refused connection as unreachable', async () => {
    const error = await new ProviderClients()
      .configuration({ id: 'oidc', name: 'X', kind: 'oidc', issuerUrl: 'http://127.0.0.1:9', clientId: 'a', clientSecret: 'b' })
      .catch((e: unknown) => e);
    expect(isUnreachable(error)).toBe(true);
  });
});

describe('Settings → Security: sign-in methods', () => {
  it('connects a provider to the signed-in account, and refuses one already connected to another account', async () => {
    const user = await createUser(t.ctx);
    const cookie = await signIn(t, user);
    idp.people.set('connect-me', { email: 'elsewhere@idp.example', email_verified: true });
    const { callback } = await roundTrip('oidc', 'connect-me', { connect: true, cookie });
    expect(callback.headers.location).toBe('/settings?tab=security&connected=oidc');
    const methods = await t.app.inject({ method: 'GET', url: '/api/auth/sign-in-methods', headers: { cookie } });
    expect(methods.json()).toEqual({
      hasPassword: true,
      providers: [
        { id: 'google', name: 'Google', connected: false, connectedEmail: null },
        { id: 'github', name: 'GitHub', connected: false, connectedEmail: null },
        { id: 'oidc', name: 'Authentik', connected: true, connectedEmail: 'elsewhere@idp.example' },
      ],
    });

    const other = await createUser(t.ctx);
    const taken = await roundTrip('oidc', 'connect-me', { connect: true, cookie: await signIn(t, other) });
    expect(taken.callback.headers.location).toBe('/settings?tab=security&providerError=alreadyConnected&provider=oidc');
  });

  it('never removes the last way to sign in; a provider account sets a password by an e-mailed link first', async () => {
    github.user = { id: 1003, login: 'solo', name: 'Solo', emails: [{ email: 'solo@github.example', primary: true, verified: true }] };
    const { callback } = await roundTrip('github', 'solo');
    const cookie = sessionCookieFrom(t, callback)!;
    const disconnect = () =>
      t.app.inject({ method: 'DELETE', url: '/api/auth/sign-in-methods/github', headers: { ...OWN_ORIGIN, cookie } });
    const refused = await disconnect();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This is your only way to sign in. Set a password or connect another provider first.');

    const link = await t.app.inject({ method: 'POST', url: '/api/auth/password-link', headers: { ...OWN_ORIGIN, cookie } });
    expect(link.statusCode).toBe(200);
    expect((await mailsTo(t.ctx, 'solo@github.example')).map((mail) => mail.template)).toContain('reset-password');
    await t.ctx.database.db.update(users).set({ passwordHash: 'set-by-the-link' }).where(eq(users.email, 'solo@github.example'));
    expect((await disconnect()).statusCode).toBe(200);
  });

  it('is not open to API tokens', async () => {
    const user = await createUser(t.ctx);
    const cookie = await signIn(t, user);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { ...OWN_ORIGIN, cookie },
      payload: { name: 'script' },
    });
    const token = created.json().token as string;
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/password-link', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(403);
  });
});
