import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, OWN_ORIGIN, waitForMail } from '../../../tests/support/factories';
import { startSmtpSink, type SmtpSink } from '../../../tests/support/smtp-sink';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { deliverQueuedMail } from './outbox';

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ env: { SMTP_URL: sink.url } });
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** The token of the link in the message the sink received for `to`. */
function receivedToken(to: string): string {
  const message = sink.messages.filter((m) => JSON.stringify(m.to).includes(to)).at(-1)!;
  return /[?&]token=([A-Za-z0-9_-]+)/.exec(message.text ?? '')![1];
}

describe('account links at rest in the outbox', () => {
  it('are redacted once a verification mail is sent; the link received still works', async () => {
    const email = 'redact-verify@example.com';
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: OWN_ORIGIN,
      payload: { firstName: 'R', lastName: 'V', email, password: 'a long password' },
    });
    const queued = await waitForMail(t.ctx, email, 'verify-email');
    expect(queued.text).toMatch(/token=[A-Za-z0-9_-]{20,}/);
    expect(await deliverQueuedMail(t.ctx, queued.id)).toBe('sent');

    const token = receivedToken(email);
    const kept = await waitForMail(t.ctx, email, 'verify-email');
    for (const part of [kept.text, kept.html]) {
      expect(part).not.toContain(token);
      expect(part).toContain('token=redacted');
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` })).statusCode).toBe(200);
  });

  it('are redacted once a password-reset mail is sent', async () => {
    const user = await createUser(t.ctx);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: OWN_ORIGIN, payload: { email: user.email } });
    const queued = await waitForMail(t.ctx, user.email, 'reset-password');
    expect(await deliverQueuedMail(t.ctx, queued.id)).toBe('sent');
    const token = receivedToken(user.email);
    const kept = await waitForMail(t.ctx, user.email, 'reset-password');
    expect(kept.text + kept.html).not.toContain(token);
    expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify-reset-token?token=${token}` })).statusCode).toBe(200);
  });
});
