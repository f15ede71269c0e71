import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentHourSlot, dueDaily, runDigestJobs, sendsOf } from '../../../tests/support/digests';
import { linkToken, mailsTo, OWN_ORIGIN, sessionCookieFrom, waitForMail } from '../../../tests/support/factories';
import { createLinks, signedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { users } from '../db/schema';
import { sweepDigests } from '../digests/sweep-job';
import { accountMessages } from '../../shared/validation-messages';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { DIGEST_SEND_RATE: '100000' } });
});

afterAll(async () => {
  await t?.close();
});

const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { ...OWN_ORIGIN, cookie }, ...(payload ? { payload } : {}) });
const verify = (token: string) => t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });

describe('an unverified address', () => {
  it('gets no scheduled digest', async () => {
    const slot = currentHourSlot();
    const { user } = await signedInUser(t, 'trial', { ...dueDaily(slot), emailVerified: false });
    await createLinks(t.ctx, user, [{ title: 'Attacker-written words', createdAt: new Date(slot.getTime() - 60_000) }]);
    await sweepDigests(t.ctx);
    await runDigestJobs(t);
    expect((await mailsTo(t.ctx, user.email)).filter((mail) => mail.template === 'digest')).toEqual([]);
    expect((await sendsOf(t.ctx, user.id)).every((send) => send.status !== 'sent')).toBe(true);
  });

  it('gets no digest on "send now", and is told why', async () => {
    const {
      user,
      headers: { cookie },
    } = await signedInUser(t, 'trial', { emailVerified: false });
    await createLinks(t.ctx, user, [{ title: 'New link' }]);
    const res = await post('/api/send-digest-now', cookie);
    expect(res.json()).toEqual({ success: false, message: accountMessages.verifyFirst });
    expect(await mailsTo(t.ctx, user.email)).toEqual([]);
  });

  it('sends no test e-mail and no invitation, and says why', async () => {
    const {
      user,
      headers: { cookie },
    } = await signedInUser(t, 'trial', { emailVerified: false });
    const test = await post('/api/test/email', cookie, { email: user.email });
    expect(test.statusCode).toBe(403);
    expect(test.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: accountMessages.verifyFirst });
    const invite = await post('/api/invitations', cookie, { email: 'friend@example.com' });
    expect(invite.statusCode).toBe(403);
    expect(invite.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(await mailsTo(t.ctx, user.email)).toEqual([]);
    expect(await mailsTo(t.ctx, 'friend@example.com')).toEqual([]);
  });
});

describe('verification links', () => {
  it('stop working after 7 days; resending gives a fresh one and the old one stops working', async () => {
    const email = 'late@example.com';
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: OWN_ORIGIN,
      payload: { firstName: 'Late', lastName: 'L', email, password: 'a long password' },
    });
    const cookie = sessionCookieFrom(t, signUp)!;
    const first = linkToken(await waitForMail(t.ctx, email, 'verify-email'));
    const [row] = await t.ctx.database.db.select().from(users).where(eq(users.email, email));
    const week = 7 * 24 * 3600 * 1000;
    expect(Math.abs(row.verificationTokenExpiresAt!.getTime() - (Date.now() + week))).toBeLessThan(60_000);

    await t.ctx.database.db
      .update(users)
      .set({ verificationTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, row.id));
    expect((await verify(first)).statusCode).toBe(400);

    const resend = await post('/api/auth/resend-verification', cookie);
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ message: accountMessages.verificationSent });
    await expect.poll(async () => (await mailsTo(t.ctx, email)).filter((mail) => mail.template === 'verify-email').length).toBe(2);
    const second = linkToken(await waitForMail(t.ctx, email, 'verify-email'));
    expect(second).not.toBe(first);
    expect((await verify(second)).statusCode).toBe(200);

    const again = await post('/api/auth/resend-verification', cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: accountMessages.alreadyVerified });
  });

  it('cannot be resent signed out', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/resend-verification', headers: OWN_ORIGIN })).statusCode).toBe(401);
  });
});
