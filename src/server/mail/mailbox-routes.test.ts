import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { deliverQueuedMail, sendMail } from './outbox';

let t: TestApp;
let first: string;
let latest: string;

beforeAll(async () => {
  t = await startTestApp();
  const props = { appUrl: t.ctx.config.appUrl };
  first = await sendMail(t.ctx, { to: 'first@example.com', template: 'test', props });
  latest = await sendMail(t.ctx, { to: '<b>bold</b>@example.com', template: 'test', props, headers: { 'List-Unsubscribe': '<http://localhost:3000/u/x>' } });
  await deliverQueuedMail(t.ctx, latest);
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

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
    expect(all.json().messages.map((m: { id: string }) => m.id)).toEqual([latest, first]);

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
