import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { mailOutbox, trialRemindersSent } from '../db/schema';
import { reminderDue, sendTrialReminders } from './reminders';

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const remindersOf = (userId: string) =>
  t.ctx.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.template, 'trial-reminder')))
    .orderBy(mailOutbox.createdAt);

describe('reminderDue', () => {
  const end = new Date('2026-03-20T09:00:00Z');
  const before = (days: number) => new Date(end.getTime() - days * DAY_MS);

  it('is due at 7, 3 and 1 days left (rounded up) and on the day the trial ends', () => {
    expect(reminderDue(end, before(8))).toBeNull();
    expect(reminderDue(end, before(7))).toBe(7);
    expect(reminderDue(end, before(4))).toBe(7);
    expect(reminderDue(end, before(3))).toBe(3);
    expect(reminderDue(end, before(1.5))).toBe(3);
    expect(reminderDue(end, before(0.5))).toBe(1);
    expect(reminderDue(end, before(0))).toBe(0);
    expect(reminderDue(end, before(-0.9))).toBe(0);
    expect(reminderDue(end, before(-1.1))).toBeNull();
  });
});

describe('sendTrialReminders', () => {
  it('sends each reminder once, in order, as the days pass', async () => {
    const end = new Date(Date.now() + 30 * DAY_MS);
    const user = await createUser(t.ctx, { accountType: 'trial', trialEndsAt: end, timezone: 'America/New_York' });
    const at = (daysLeft: number) => new Date(end.getTime() - daysLeft * DAY_MS);

    for (const daysLeft of [7, 6.9, 3, 2.5, 1, 0.2, 0, -0.5]) await sendTrialReminders(t.ctx, at(daysLeft));

    const mails = await remindersOf(user.id);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your Stash trial ends in 7 days',
      'Your Stash trial ends in 3 days',
      'Your Stash trial ends in 1 day',
      'Your Stash trial has ended',
    ]);
    expect(mails[0].text).toContain('http://localhost:3000/upgrade-trial');
    expect(mails[0].headers).toEqual({});
    const recorded = await t.ctx.database.db.select().from(trialRemindersSent).where(eq(trialRemindersSent.userId, user.id));
    expect(recorded.map((row) => row.daysRemaining).sort()).toEqual([0, 1, 3, 7]);
  });

  it('never reminds pro accounts, nor a trial with a card on file', async () => {
    const end = new Date(Date.now() + 30 * DAY_MS);
    const pro = await createUser(t.ctx, { accountType: 'pro', trialEndsAt: end });
    const paying = await createUser(t.ctx, { accountType: 'trial', trialEndsAt: end, stripeSubscriptionId: 'sub_123' });
    await sendTrialReminders(t.ctx, new Date(end.getTime() - 3 * DAY_MS));
    expect(await remindersOf(pro.id)).toEqual([]);
    expect(await remindersOf(paying.id)).toEqual([]);
  });

  it('sends a reminder once when two runs overlap', async () => {
    const end = new Date(Date.now() + 30 * DAY_MS);
    const user = await createUser(t.ctx, { accountType: 'trial', trialEndsAt: end });
    const now = new Date(end.getTime() - 3 * DAY_MS);
    await Promise.all([sendTrialReminders(t.ctx, now), sendTrialReminders(t.ctx, now)]);
    expect(await remindersOf(user.id)).toHaveLength(1);
  });
});
