import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { deliverQueuedMail, sendMail } from './outbox';

let t: TestApp;
let first: string;
let latest: string;
let admin: string;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'postmaster@example.com' } });
  const props = { appUrl: t.ctx.config.appUrl };
  first = await sendMail(t.ctx, { to: 'first@example.com', template: 'test', props });
  latest = await sendMail(t.ctx, { to: '<b>bold</b>@example.com', template: 'test', props, headers: { 'List-Unsubscribe': '<http://localhost:3000/u/x>' } });
  await deliverQueuedMail(t.ctx, latest);
  admin = await signIn(t, await createUser(t.ctx, { email: 'postmaster@example.com' }));
});

afterAll(async () => {
  await t?.close();
});

/** As an administrator, who reads every message. */
const get = (url: string, cookie: string | null = admin) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

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

  it('shows a signed-in user only the mail addressed to them', async () => {
    const cookie = await signIn(t, await createUser(t.ctx, { email: 'First@Example.com' }));
    const list = await get('/dev/mailbox.json', cookie);
    expect(list.json().messages.map((m: { id: string }) => m.id)).toEqual([first]);
    expect((await get(`/dev/mailbox.json?to=${encodeURIComponent('<b>bold</b>@example.com')}`, cookie)).json().messages).toEqual([]);
    const page = await get('/dev/mailbox', cookie);
    expect(page.body).toContain(`/dev/mailbox/${first}`);
    expect(page.body).not.toContain(`/dev/mailbox/${latest}`);
    expect((await get(`/dev/mailbox/${first}`, cookie)).statusCode).toBe(200);
    for (const url of [`/dev/mailbox/${latest}`, `/dev/mailbox/${latest}/html`]) expect((await get(url, cookie)).statusCode, url).toBe(404);
  });

  it("never shows another user's password-reset link", async () => {
    const victim = await createUser(t.ctx);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: { origin: 'http://localhost:3000' }, payload: { email: victim.email } });
    await expect.poll(async () => (await get(`/dev/mailbox.json?to=${victim.email}`)).json().messages.length).toBe(1);
    const attacker = await signIn(t, await createUser(t.ctx));
    expect((await get(`/dev/mailbox.json?to=${victim.email}`, attacker)).json().messages).toEqual([]);
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
    expect(res.json().messages).toEqual([
      expect.objectContaining({
        id: first,
        to: 'first@example.com',
        subject: 'Test email from Stash',
        template: 'test',
        status: 'queued',
        text: expect.stringContaining('This is a test email from Stash.'),
        url: `/dev/mailbox/${first}`,
      }),
    ]);
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
    const logLines: string[] = [];
    const app = await startTestApp({ logLines });
    try {
      const email = 'newcomer@example.com';
      const signUp = await app.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { origin: 'http://localhost:3000' },
        payload: { firstName: 'New', lastName: 'Comer', email, password: 'a long password' },
      });
      expect(signUp.statusCode).toBe(201);
      expect(logLines.join('')).toMatch(/"to":"newcomer@example.com","url":"http:\/\/localhost:3000\/verify-email\?token=[\w-]+".*Verification link/);
      await app.app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: { origin: 'http://localhost:3000' }, payload: { email } });
      await expect.poll(() => logLines.join('')).toMatch(/"url":"http:\/\/localhost:3000\/auth\?mode=reset&token=[\w-]+".*Password reset link/);
    } finally {
      await app.close();
    }
  });
});
