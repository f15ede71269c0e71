import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinks, reloadUser, signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { mailOutbox, users } from '../db/schema';
import { digestMessages } from '../../shared/digest-schemas';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const HOUR_MS = 60 * 60 * 1000;
const preview = (as: SignedInUser) => t.app.inject({ method: 'GET', url: '/api/digest/preview', headers: { cookie: as.headers.cookie } });
const sendNow = (as: SignedInUser) => t.app.inject({ method: 'POST', url: '/api/send-digest-now', headers: as.headers });
const digestsTo = (email: string) =>
  t.ctx.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, 'digest')));

describe('GET /api/digest/preview', () => {
  it('shows the next digest as it will be sent, and when', async () => {
    const as = await signedInUser(t, 'trial', { emailFrequency: 'daily', emailTime: 8, timezone: 'America/New_York' });
    await createLinks(t.ctx, as.user, [{ title: 'Preview me', createdAt: new Date(Date.now() - HOUR_MS) }]);

    const res = await preview(as);

    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ linkCount: 1, subject: expect.stringMatching(/^Your Stash digest · /) });
    expect(answer.html).toContain('Preview me');
    expect(answer.text).toContain('Preview me');
    const next = new Date(answer.nextSendAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hourCycle: 'h23' }).format(next)).toBe('08');
  });

  it('shows a free account its Friday 9:00 digest, whatever it stored', async () => {
    const as = await signedInUser(t, 'free', { emailFrequency: 'daily', emailTime: 6, timezone: 'Europe/Berlin' });
    const next = new Date((await preview(as)).json().nextSendAt);
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Europe/Berlin',
      weekday: 'short',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(next);
    expect(local).toBe('Fri 09:00');
  });

  it('says when nothing is scheduled and nothing would be sent', async () => {
    const as = await signedInUser(t, 'trial', { emailFrequency: 'none' });
    expect((await preview(as)).json()).toEqual({ nextSendAt: null, subject: null, html: null, text: null, linkCount: 0 });
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/digest/preview' })).statusCode).toBe(401);
  });
});

describe('POST /api/send-digest-now', () => {
  it('sends the new links now, once every 5 minutes, and the next digest starts after it', async () => {
    const as = await signedInUser(t, 'pro');
    await createLinks(t.ctx, as.user, [{ title: 'Send me now', createdAt: new Date(Date.now() - 1000) }]);

    const first = await sendNow(as);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: digestMessages.sent(1, as.user.email) });
    const [sent] = await digestsTo(as.user.email);
    expect(sent.text).toContain('Send me now');
    expect(sent.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    await createLinks(t.ctx, as.user, [{ title: 'Too soon', createdAt: new Date() }]);
    const second = await sendNow(as);
    expect(second.json()).toEqual({ success: false, message: digestMessages.tooSoon(5) });
    expect(await digestsTo(as.user.email)).toHaveLength(1);

    const after = await reloadUser(t.ctx, as.user.id);
    expect(after.lastDigestSentAt).toEqual(after.lastManualDigest);
  });

  it('answers that there is nothing to send, and does not count the try', async () => {
    const as = await signedInUser(t, 'trial');
    expect((await sendNow(as)).json()).toEqual({ success: false, message: digestMessages.nothingNew });
    expect((await reloadUser(t.ctx, as.user.id)).lastManualDigest).toBeNull();
    await createLinks(t.ctx, as.user, [{ title: 'Now there is', createdAt: new Date(Date.now() - 1000) }]);
    expect((await sendNow(as)).json().success).toBe(true);
  });

  it('sends one digest when two clicks arrive together', async () => {
    const as = await signedInUser(t, 'trial');
    await createLinks(t.ctx, as.user, [{ createdAt: new Date(Date.now() - 1000) }]);
    const answers = await Promise.all([sendNow(as), sendNow(as)]);
    expect(answers.map((res) => res.json().success).sort()).toEqual([false, true]);
    expect(await digestsTo(as.user.email)).toHaveLength(1);
  });

  it('is for pro and active trials only', async () => {
    for (const tier of ['free', 'trialExpired'] as const) {
      const as = await signedInUser(t, tier);
      await createLinks(t.ctx, as.user, [{ createdAt: new Date(Date.now() - 1000) }]);
      expect((await sendNow(as)).statusCode, tier).toBe(403);
      expect(await digestsTo(as.user.email)).toHaveLength(0);
    }
  });

  it('tells a user whose address bounced why nothing goes out', async () => {
    const as = await signedInUser(t, 'pro', { mailSuppressedAt: new Date(), mailSuppressedReason: 'bounce' });
    await createLinks(t.ctx, as.user, [{ createdAt: new Date(Date.now() - 1000) }]);
    expect((await sendNow(as)).json()).toEqual({ success: false, message: digestMessages.suppressed('bounce') });
    expect((await t.ctx.database.db.select().from(users).where(eq(users.id, as.user.id)))[0].lastManualDigest).toBeNull();

    const complained = await signedInUser(t, 'pro', { mailSuppressedAt: new Date(), mailSuppressedReason: 'complaint' });
    await createLinks(t.ctx, complained.user, [{ createdAt: new Date(Date.now() - 1000) }]);
    expect((await sendNow(complained)).json()).toEqual({ success: false, message: digestMessages.suppressed('complaint') });
  });
});
