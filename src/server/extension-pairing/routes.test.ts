import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, OWN_ORIGIN, signIn } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { apiTokens, users } from '../db/schema';
import { issuePairingCode, PAIRING_CODE_LIFETIME_MS } from './pairing-code';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const chromeOnLinux = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const extensionOrigin = { origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' };

const start = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/extension-auth-success', headers });
const exchange = (code: string, headers: Record<string, string> = extensionOrigin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/extension-auth/exchange',
    headers: { 'user-agent': chromeOnLinux, ...headers },
    payload: { code },
  });

/** Signs a new user in and follows /api/extension-auth-success to the code it hands out. */
async function pairingCode(): Promise<{ code: string; cookie: string; userId: string }> {
  const user = await createUser(t.ctx);
  const cookie = await signIn(t, user);
  const res = await start({ cookie });
  const code = /#code=(.+)$/.exec(res.headers.location as string)?.[1];
  if (!code) throw new Error(`no code in ${res.headers.location}`);
  return { code, cookie, userId: user.id };
}

describe('GET /api/extension-auth-success', () => {
  it('sends a visitor who is not signed in to log in for the extension', async () => {
    const res = await start();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth?source=extension');
  });

  it('does not take an API token for a sign-in', async () => {
    const { code } = await pairingCode();
    const { token } = (await exchange(code)).json();
    const res = await start({ authorization: `Bearer ${token}` });
    expect(res.headers.location).toBe('/auth?source=extension');
  });

  it('sends a signed-in user on to the connected page with a one-time code in the fragment only', async () => {
    const user = await createUser(t.ctx);
    const res = await start({ cookie: await signIn(t, user) });
    expect(res.statusCode).toBe(303);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.location).toMatch(/^\/api\/extension-auth\/connected#code=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });
});

describe('GET /api/extension-auth/connected', () => {
  it.each([
    ['', 'Connecting your browser extension…'],
    ['?status=connected', 'Your browser extension is connected'],
    ['?status=failed', 'The extension could not connect'],
  ])('answers a page without scripts (%s)', async (query, heading) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/extension-auth/connected${query}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain(`<h1>${heading}</h1>`);
    expect(res.body).not.toContain('<script');
  });

  it('refuses a status it does not know', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/extension-auth/connected?status=<b>hi</b>' });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/extension-auth/exchange', () => {
  it("gives the extension a token of the user's, named after the browser and listed in Settings → Security", async () => {
    const { code, cookie, userId } = await pairingCode();
    const res = await exchange(code);
    expect(res.statusCode).toBe(201);
    const { token, name } = res.json();
    expect(name).toBe('Chrome extension on Linux');

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().id).toBe(userId);
    const listed = await t.app.inject({ method: 'GET', url: '/api/tokens', headers: { cookie } });
    expect(listed.json()).toEqual([expect.objectContaining({ name: 'Chrome extension on Linux', prefix: token.slice(0, 10) })]);
  });

  it('accepts a code once only', async () => {
    const { code, userId } = await pairingCode();
    expect((await exchange(code)).statusCode).toBe(201);
    const again = await exchange(code);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CODE_USED');
    expect(await t.ctx.database.db.select().from(apiTokens).where(eq(apiTokens.userId, userId))).toHaveLength(1);
  });

  it('refuses a code that is forged, altered or expired', async () => {
    const { code, userId } = await pairingCode();
    const [payload, signature] = code.split('.');
    const otherUser = Buffer.from(
      Buffer.from(payload, 'base64url').toString().replace(userId, '00000000-0000-4000-8000-000000000000'),
    ).toString('base64url');
    const secret = t.ctx.config.sessionSecret!;
    const cases: [string, string][] = [
      [`${otherUser}.${signature}`, 'CODE_INVALID'],
      [issuePairingCode('another-secret-that-is-long-enough-0123456789', userId), 'CODE_INVALID'],
      ['not a code', 'CODE_INVALID'],
      [issuePairingCode(secret, userId, Date.now() - PAIRING_CODE_LIFETIME_MS - 1), 'CODE_EXPIRED'],
    ];
    for (const [bad, errorCode] of cases) {
      const res = await exchange(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe(errorCode);
    }
  });

  it('refuses the code of an account deleted since', async () => {
    const { code, userId } = await pairingCode();
    await t.ctx.database.db.delete(users).where(eq(users.id, userId));
    expect((await exchange(code)).json().code).toBe('CODE_INVALID');
  });

  it("is open to the extension's origin, which sends no cookie", async () => {
    const { code } = await pairingCode();
    const res = await exchange(code, { ...extensionOrigin, 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(201);
  });

  it('leaves the origin check of other routes as it was', async () => {
    const { cookie } = await pairingCode();
    const res = await t.app.inject({ method: 'POST', url: '/api/tokens', headers: { ...extensionOrigin, cookie }, payload: { name: 'x' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('BAD_ORIGIN');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/tokens', headers: { ...OWN_ORIGIN, cookie }, payload: { name: 'x' } })).statusCode,
    ).toBe(201);
  });
});
