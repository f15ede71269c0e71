import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, linkToken, OWN_ORIGIN, sessionCookieFrom, signIn, TEST_PASSWORD, waitForMail } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import type { User } from '../auth/current-user';
import { deliverQueuedMail, sendMail } from './outbox';

let t: TestApp;
let firstUser: User;
let first: string;
let latest: string;
let admin: string;
const logLines: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'postmaster@example.com,boss@example.com' }, logLines });
  const props = { appUrl: t.ctx.config.appUrl };
  firstUser = await createUser(t.ctx, { email: 'First@Example.com' });
  first = await sendMail(t.ctx, { userId: firstUser.id, to: 'first@example.com', template: 'test', props });
  latest = await sendMail(t.ctx, {
    to: '<b>bold</b>@example.com',
    template: 'test',
    props,
    headers: { 'List-Unsubscribe': '<http://localhost:3000/u/x>' },
  });
  await deliverQueuedMail(t.ctx, latest);
  admin = await signIn(t, await createUser(t.ctx, { email: 'postmaster@example.com' }));
});

afterAll(async () => {
  await t?.close();
});

/** As an administrator, who reads every account's digests and notices. */
const get = (url: string, cookie: string | null = admin) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const idsIn = async (url: string, cookie: string | null = admin) =>
  (await get(url, cookie)).json().messages.map((m: { id: string }) => m.id) as string[];
const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, headers: { ...OWN_ORIGIN, ...(cookie ? { cookie } : {}) }, payload });

describe('who reads the dev mailbox', () => {
  it('shows a signed-out visitor nothing: no list, no message, no HTML part', async () => {
    const page = await get('/dev/mailbox', null);
    expect(page.statusCode).toBe(401);
    expect(page.body).toContain('Sign in to read the mail sent to you');
    expect(page.body).not.toContain('first@example.com');
    expect((await get('/dev/mailbox.json', null)).statusCode).toBe(401);
    expect((await get('/dev/mailbox.json?to=first@example.com', null)).statusCode).toBe(401);
    for (const url of [`/dev/mailbox/${first}`, `/dev/mailbox/${first}/html`]) expect((await get(url, null)).statusCode, url).toBe(404);
  });

  it('shows a signed-in user only the mail queued for their account', async () => {
    const cookie = await signIn(t, firstUser);
    expect(await idsIn('/dev/mailbox.json', cookie)).toEqual([first]);
    expect(await idsIn(`/dev/mailbox.json?to=${encodeURIComponent('<b>bold</b>@example.com')}`, cookie)).toEqual([]);
    const page = await get('/dev/mailbox', cookie);
    expect(page.body).toContain(`/dev/mailbox/${first}`);
    expect(page.body).not.toContain(`/dev/mailbox/${latest}`);
    expect((await get(`/dev/mailbox/${first}`, cookie)).statusCode).toBe(200);
    for (const url of [`/dev/mailbox/${latest}`, `/dev/mailbox/${latest}/html`]) expect((await get(url, cookie)).statusCode, url).toBe(404);
    // Mail to the same address that was not queued for this account is not theirs.
    const stray = await sendMail(t.ctx, { to: 'first@example.com', template: 'test', props: { appUrl: t.ctx.config.appUrl } });
    expect(await idsIn('/dev/mailbox.json', cookie)).toEqual([first]);
    expect((await get(`/dev/mailbox/${stray}`, cookie)).statusCode).toBe(404);
  });

  it("never shows a sign-up its own verification link: an administrator's address cannot be taken through the mailbox", async () => {
    const signUp = await post('/api/auth/register', {
      firstName: 'Not',
      lastName: 'Boss',
      email: 'boss@example.com',
      password: 'a long password',
    });
    expect(signUp.statusCode).toBe(201);
    const squatter = sessionCookieFrom(t, signUp)!;
    const verification = await waitForMail(t.ctx, 'boss@example.com', 'verify-email');
    expect(await idsIn('/dev/mailbox.json', squatter)).toEqual([]);
    for (const url of [`/dev/mailbox/${verification.id}`, `/dev/mailbox/${verification.id}/html`])
      expect((await get(url, squatter)).statusCode, url).toBe(404);
    const page = await get('/dev/mailbox', squatter);
    expect(page.body).toContain('Your email address is not verified yet, so no mail is shown here: the verification link is in the server');
    expect(page.body).not.toContain('verify-email?token=');
    // Nor do the sign-up's reset links show, which would let it in through another door.
    await post('/api/auth/forgot-password', { email: 'boss@example.com' });
    await waitForMail(t.ctx, 'boss@example.com', 'reset-password');
    expect(await idsIn('/dev/mailbox.json', squatter)).toEqual([]);

    // The link in the server log verifies it; from then on the account reads its own mail.
    expect(logLines.join('')).toContain(`verify-email?token=${linkToken(verification)}`);
    expect((await get(`/api/auth/verify-email?token=${linkToken(verification)}`, null)).statusCode).toBe(200);
    expect(await idsIn('/dev/mailbox.json', squatter)).toContain(verification.id);
  });

  it('never shows a new account the mail of an earlier, deleted account with the same address', async () => {
    const earlier = await createUser(t.ctx, { email: 'again@example.com' });
    const digestLike = await sendMail(t.ctx, {
      userId: earlier.id,
      to: 'again@example.com',
      template: 'test',
      props: { appUrl: t.ctx.config.appUrl },
    });
    const earlierCookie = await signIn(t, earlier);
    expect(await idsIn('/dev/mailbox.json', earlierCookie)).toEqual([digestLike]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: { ...OWN_ORIGIN, cookie: earlierCookie },
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);

    const later = await signIn(t, await createUser(t.ctx, { email: 'again@example.com' }));
    expect(await idsIn('/dev/mailbox.json', later)).toEqual([]);
    expect((await get(`/dev/mailbox/${digestLike}`, later)).statusCode).toBe(404);
  });

  it('never shows the link that confirms a new address to the account asking for it', async () => {
    const user = await createUser(t.ctx);
    const cookie = await signIn(t, user);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { ...OWN_ORIGIN, cookie },
      payload: { firstName: 'Test', lastName: 'User', email: 'someone-elses@example.com', currentPassword: TEST_PASSWORD },
    });
    expect(change.statusCode).toBe(200);
    const confirm = await waitForMail(t.ctx, 'someone-elses@example.com', 'verify-email');
    expect(confirm.userId).toBe(user.id);
    expect(await idsIn('/dev/mailbox.json', cookie)).not.toContain(confirm.id);
    expect((await get(`/dev/mailbox/${confirm.id}`, cookie)).statusCode).toBe(404);
  });

  it("shows an administrator other accounts' notices but never their account links", async () => {
    const victim = await createUser(t.ctx);
    const notice = await sendMail(t.ctx, { userId: victim.id, to: victim.email, template: 'test', props: { appUrl: t.ctx.config.appUrl } });
    await post('/api/auth/forgot-password', { email: victim.email });
    const reset = await waitForMail(t.ctx, victim.email, 'reset-password');
    expect(await idsIn(`/dev/mailbox.json?to=${victim.email}`)).toEqual([notice]);
    for (const url of [`/dev/mailbox/${reset.id}`, `/dev/mailbox/${reset.id}/html`]) expect((await get(url)).statusCode, url).toBe(404);
    expect((await get('/dev/mailbox')).body).not.toContain(`/dev/mailbox/${reset.id}`);
    // The victim reads their own.
    expect(await idsIn('/dev/mailbox.json', await signIn(t, victim))).toEqual([reset.id, notice]);
    const attacker = await signIn(t, await createUser(t.ctx));
    expect(await idsIn(`/dev/mailbox.json?to=${victim.email}`, attacker)).toEqual([]);
    expect((await get('/dev/mailbox', attacker)).body).not.toContain(victim.email);
  });
});

describe('the dev mailbox (capture transport)', () => {
  it('lists captured messages newest first, escaped', async () => {
    const res = await get('/dev/mailbox');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toMatch(/^<!doctype html>/);
    expect(res.body.indexOf(`/dev/mailbox/${latest}`)).toBeLessThan(res.body.indexOf(`/dev/mailbox/${first}`));
    expect(res.body).toContain('Test email from Stash');
    expect(res.body).toContain('&lt;b&gt;bold&lt;/b&gt;@example.com');
    expect(res.body).not.toContain('<b>bold</b>');
  });

  it('shows one message: its headers, its HTML part in a sandboxed frame, its plain text', async () => {
    const res = await get(`/dev/mailbox/${latest}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`&lt;${latest}@localhost&gt;`);
    expect(res.body).toContain('List-Unsubscribe');
    expect(res.body).toContain(`<iframe sandbox="" src="/dev/mailbox/${latest}/html"`);
    expect(res.body).toMatch(/<pre>[^<]*This is a test email from Stash\./);
    expect(res.body).not.toContain('<script');
  });

  it('serves the raw HTML part, frameable by the mailbox page only', async () => {
    const res = await get(`/dev/mailbox/${latest}/html`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toMatch(/^<!DOCTYPE html/);
    expect(res.body).toContain('This is a test email from Stash.');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('answers JSON for scripts, filtered by recipient', async () => {
    const all = await get('/dev/mailbox.json');
    expect(all.statusCode).toBe(200);
    expect(all.json().messages.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([latest, first]));

    const res = await get('/dev/mailbox.json?to=FIRST@example.com');
    expect(res.json().messages).toContainEqual(
      expect.objectContaining({
        id: first,
        to: 'first@example.com',
        subject: 'Test email from Stash',
        template: 'test',
        status: 'queued',
        text: expect.stringContaining('This is a test email from Stash.'),
        url: `/dev/mailbox/${first}`,
      }),
    );
    expect(res.json().messages.every((m: { to: string }) => m.to === 'first@example.com')).toBe(true);
  });

  it('marks a captured message sent when delivered', async () => {
    const res = await get(`/dev/mailbox.json?to=${encodeURIComponent('<b>bold</b>@example.com')}`);
    expect(res.json().messages[0]).toMatchObject({ status: 'sent', attempts: 1, messageId: `<${latest}@localhost>` });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const url of ['/dev/mailbox/00000000-0000-4000-8000-000000000000', '/dev/mailbox/not-a-uuid', "/dev/mailbox/1' or 1=1/html"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('links in the server log while mail is captured', () => {
  it('prints verification and password-reset links, so a newcomer can verify and reset without reading mail', async () => {
    const newcomerLog: string[] = [];
    const app = await startTestApp({ logLines: newcomerLog });
    try {
      const email = 'newcomer@example.com';
      const signUp = await app.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { origin: 'http://localhost:3000' },
        payload: { firstName: 'New', lastName: 'Comer', email, password: 'a long password' },
      });
      expect(signUp.statusCode).toBe(201);
      expect(newcomerLog.join('')).toMatch(
        /"to":"newcomer@example.com","url":"http:\/\/localhost:3000\/verify-email\?token=[\w-]+".*Verification link/,
      );
      await app.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers: { origin: 'http://localhost:3000' },
        payload: { email },
      });
      await expect
        .poll(() => newcomerLog.join(''))
        .toMatch(/"url":"http:\/\/localhost:3000\/auth\?mode=reset&token=[\w-]+".*Password reset link/);
    } finally {
      await app.close();
    }
  });
});
