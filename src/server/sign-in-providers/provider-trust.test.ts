import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, mailsTo, OWN_ORIGIN, sessionCookieFrom, signIn, TEST_PASSWORD, waitForMail } from '../../../tests/support/factories';
import { startOidcTestProvider, type OidcTestProvider } from '../../../tests/support/oidc-test-provider';
import { cookiesOf, PENDING_COOKIE, providerRoundTrip, type RoundTripOptions } from '../../../tests/support/provider-sign-in';
import { startSmtpSink, type SmtpSink } from '../../../tests/support/smtp-sink';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { signInIdentities, users } from '../db/schema';
import { deliverQueuedMail } from '../mail/outbox';
import type { EmailTemplateName } from '../mail/templates/registry';

/*
 * What a provider must vouch for before Stash trusts it, and what an account's owner is asked and
 * told (docs/security.md, "Sign-in providers"): through HTTP, with a real OpenID provider and a
 * real SMTP server receiving the mail.
 */

const APP_URL = 'http://localhost:3000';
let t: TestApp;
let idp: OidcTestProvider;
let sink: SmtpSink;

beforeAll(async () => {
  idp = await startOidcTestProvider({ redirectUris: [`${APP_URL}/api/auth/oidc/callback`] });
  sink = await startSmtpSink();
  t = await startTestApp({
    env: {
      OIDC_ISSUER_URL: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_NAME: 'Authentik',
      SMTP_URL: sink.url,
    },
  });
});

afterAll(async () => {
  await t?.close();
  await idp?.close();
  await sink?.close();
});

const roundTrip = (login: string, options: RoundTripOptions = {}) => providerRoundTrip(t, 'oidc', login, options);

/** The message of a template to an address as the SMTP server received it. */
async function received(to: string, template: EmailTemplateName) {
  const queued = await waitForMail(t.ctx, to, template);
  await deliverQueuedMail(t.ctx, queued.id);
  const message = sink.messages.filter((m) => JSON.stringify(m.to).includes(to)).at(-1);
  if (!message) throw new Error(`the SMTP server received nothing for ${to}`);
  return message;
}

async function identitiesOf(userId: string) {
  return t.ctx.database.db.select().from(signInIdentities).where(eq(signInIdentities.userId, userId));
}

async function loginWith(email: string, cookie: string) {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { ...OWN_ORIGIN, cookie },
    payload: { email, password: TEST_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  return `${cookie}; ${sessionCookieFrom(t, login)}`;
}

describe('an address the provider has not verified', () => {
  it('does not lead to the account with that address, not even by its password', async () => {
    const owner = await createUser(t.ctx, { email: 'carol@idp.example' });
    idp.people.set('carol-squatter', { email: 'carol@idp.example', email_verified: false });
    const { callback } = await roundTrip('carol-squatter');
    expect(callback.headers.location).toBe('/auth?mode=login&providerError=unverifiedEmail&provider=oidc');
    expect(cookiesOf(callback, PENDING_COOKIE)).toBe('');
    expect(await identitiesOf(owner.id)).toEqual([]);
  });

  it('is not connected from Settings → Security either', async () => {
    const user = await createUser(t.ctx);
    const cookie = await signIn(t, user);
    idp.people.set('dave-unverified', { email: 'dave@idp.example', email_verified: false });
    const { callback } = await roundTrip('dave-unverified', { connect: true, cookie });
    expect(callback.headers.location).toBe('/settings?tab=security&providerError=unverifiedEmail&provider=oidc');
    expect(await identitiesOf(user.id)).toEqual([]);
  });
});

describe('forgot-password', () => {
  it('sends an account without a password a link to set one', async () => {
    idp.people.set('erin', { email: 'erin@idp.example', email_verified: true, given_name: 'Erin' });
    const { callback } = await roundTrip('erin');
    expect(callback.headers.location).toBe('/activation');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: OWN_ORIGIN,
      payload: { email: 'erin@idp.example' },
    });
    expect(res.statusCode).toBe(200);
    const message = await received('erin@idp.example', 'reset-password');
    const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(message.text ?? '')![1];
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: OWN_ORIGIN,
      payload: { token, password: TEST_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    await loginWith('erin@idp.example', '');
  });
});

describe('a provider account waiting to be connected after a password login', () => {
  async function pendingFor(email: string, login: string) {
    idp.people.set(login, { email, email_verified: true, given_name: 'Fay', family_name: 'Provider' });
    const { callback } = await roundTrip(login);
    expect(callback.headers.location).toBe('/auth?mode=login&connect=oidc');
    return cookiesOf(callback, PENDING_COOKIE);
  }

  it('is not connected by the login: the owner is asked, and Connect connects it and mails them', async () => {
    const owner = await createUser(t.ctx, { email: 'fay@idp.example', firstName: 'Fay' });
    const cookie = await loginWith(owner.email, await pendingFor(owner.email, 'fay'));
    expect(await identitiesOf(owner.id)).toEqual([]);

    const asked = await t.app.inject({ method: 'GET', url: '/api/auth/pending-connection', headers: { cookie } });
    expect(asked.json()).toEqual({
      pending: { provider: 'oidc', providerName: 'Authentik', name: 'Fay Provider', email: 'fay@idp.example' },
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/pending-connection',
      headers: { origin: 'https://evil.example', cookie },
    });
    expect(forged.statusCode).toBe(403);
    const connect = await t.app.inject({ method: 'POST', url: '/api/auth/pending-connection', headers: { ...OWN_ORIGIN, cookie } });
    expect(connect.statusCode).toBe(200);
    expect(await identitiesOf(owner.id)).toMatchObject([{ provider: 'oidc', subject: 'fay' }]);

    const mail = await received(owner.email, 'sign-in-method-added');
    expect(mail.subject).toBe('A new way to sign in to your Stash account');
    expect(mail.text).toContain('Authentik (fay@idp.example) was connected to your Stash account');
    expect(mail.text).toContain(`${APP_URL}/settings?tab=security`);
  });

  it('is forgotten with Not now, and nothing is connected', async () => {
    const owner = await createUser(t.ctx, { email: 'gus@idp.example' });
    const cookie = await loginWith(owner.email, await pendingFor(owner.email, 'gus'));
    const notNow = await t.app.inject({ method: 'DELETE', url: '/api/auth/pending-connection', headers: { ...OWN_ORIGIN, cookie } });
    expect(notNow.statusCode).toBe(200);
    expect(notNow.cookies.find((c) => c.name === PENDING_COOKIE)?.value).toBe('');
    expect(await identitiesOf(owner.id)).toEqual([]);
    expect(await mailsTo(t.ctx, owner.email)).toEqual([]);
  });

  it('is offered to no other account that logs in in that browser', async () => {
    await createUser(t.ctx, { email: 'hal@idp.example' });
    const other = await createUser(t.ctx);
    const cookie = await loginWith(other.email, await pendingFor('hal@idp.example', 'hal'));
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/pending-connection', headers: { cookie } })).json()).toEqual({
      pending: null,
    });
    const connect = await t.app.inject({ method: 'POST', url: '/api/auth/pending-connection', headers: { ...OWN_ORIGIN, cookie } });
    expect(connect.statusCode).toBe(404);
    expect(await identitiesOf(other.id)).toEqual([]);
  });

  it('and a provider connected from Settings → Security mails the owner too', async () => {
    const user = await createUser(t.ctx, { email: 'ivy@example.com' });
    idp.people.set('ivy-at-idp', { email: 'ivy@idp.example', email_verified: true });
    const { callback } = await roundTrip('ivy-at-idp', { connect: true, cookie: await signIn(t, user) });
    expect(callback.headers.location).toBe('/settings?tab=security&connected=oidc');
    expect((await received(user.email, 'sign-in-method-added')).text).toContain('Authentik (ivy@idp.example)');
  });
});

describe('connecting a provider', () => {
  it('starts only on a POST from our own origin', async () => {
    const user = await createUser(t.ctx);
    const cookie = await signIn(t, user);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/connect',
      headers: { origin: 'https://evil.example', cookie },
    });
    expect(foreign.statusCode).toBe(403);
    const noOrigin = await t.app.inject({ method: 'POST', url: '/api/auth/oidc/connect', headers: { cookie } });
    expect(noOrigin.statusCode).toBe(403);
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/auth/oidc/connect', headers: OWN_ORIGIN });
    expect(signedOut.statusCode).toBe(401);
  });

  it('is not started by a GET, even from a browser that sends no Sec-Fetch-Site', async () => {
    const user = await createUser(t.ctx);
    const cookie = await signIn(t, user);
    idp.people.set('jo-elsewhere', { email: 'jo@idp.example', email_verified: true });
    const { callback } = await roundTrip('jo-elsewhere', { query: '?intent=connect', cookie });
    expect(callback.headers.location).not.toContain('connected=');
    expect(await identitiesOf(user.id)).toEqual([]);
  });
});

describe('names from a provider', () => {
  it('are cleaned like typed names: no line breaks, tabs, escape sequences or NUL, and never a 500', async () => {
    idp.people.set('kim', {
      email: 'kim@idp.example',
      email_verified: true,
      given_name: 'Ki\u0000m\r\nBcc: x@evil.example',
      family_name: '\u001b[31mRed\tTab',
    });
    const { callback } = await roundTrip('kim');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/activation');
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: sessionCookieFrom(t, callback)! } })).json();
    expect(me.firstName).toBe('Ki m Bcc: x@evil.example');
    expect(me.lastName).toBe('[31mRed Tab');

    idp.people.set('lou', { email: 'lou@idp.example', email_verified: true, name: `Lou\u2028${'x'.repeat(300)}\u0000` });
    const long = await roundTrip('lou');
    expect(long.callback.headers.location).toBe('/activation');
    const [row] = await t.ctx.database.db.select().from(users).where(eq(users.email, 'lou@idp.example'));
    expect(row.firstName).toBe('Lou');
    expect(row.lastName).toBe('x'.repeat(100));
  });
});

describe('provider sign-ups and callbacks are limited', () => {
  it('counts provider sign-ups from one client address with the sign-up form’s: 429 past the limit', async () => {
    const remoteAddress = '10.0.4.1';
    for (let i = 0; i < 20; i++) {
      const { callback } = await roundTrip(`many-${i}`, { remoteAddress });
      expect(callback.headers.location).toBe('/activation');
    }
    const over = await roundTrip('many-20', { remoteAddress });
    expect(over.callback.statusCode).toBe(429);
    expect(over.callback.headers['retry-after']).toMatch(/^\d+$/);
    expect(sessionCookieFrom(t, over.callback)).toBeUndefined();
    expect(await t.ctx.database.db.select().from(users).where(eq(users.email, 'many-20@idp.example'))).toEqual([]);
    // The form counts under the same key.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: OWN_ORIGIN,
      remoteAddress,
      payload: { firstName: 'F', lastName: 'L', email: 'form-after-many@example.com', password: 'a long password' },
    });
    expect(form.statusCode).toBe(429);
  });

  it('counts them per address too, with the form’s attempts', async () => {
    const email = 'wanted@idp.example';
    for (let i = 0; i < 5; i++) {
      const attempt = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: OWN_ORIGIN,
        remoteAddress: `10.0.5.${i}`,
        payload: { firstName: 'F', lastName: 'L', email, password: 'a long password', invitationCode: 'NOSUCHCODE' },
      });
      expect(attempt.statusCode).toBe(400);
    }
    idp.people.set('wanted', { email, email_verified: true });
    const { callback } = await roundTrip('wanted', { remoteAddress: '10.0.5.9' });
    expect(callback.statusCode).toBe(429);
    expect(await t.ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('answers 429 to callbacks with made-up codes past the per-IP limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/auth/oidc/callback?code=made-up-${i}&state=guess`,
        remoteAddress: '10.0.6.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
