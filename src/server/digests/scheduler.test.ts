import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentHourSlot, dueDaily, nextDailyWake, sendsOf } from '../../../tests/support/digests';
import { createUser } from '../../../tests/support/factories';
import { createLinks, reloadUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { mailOutbox } from '../db/schema';
import { sweepDigests } from './sweep-job';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { DIGEST_SEND_RATE: '100000' } });
});

afterAll(async () => {
  await t?.close();
});

/** The digests.send jobs queued for a user, with when each may start. */
async function queuedFor(userId: string): Promise<{ singletonKey: string; startAfter: Date }[]> {
  const { rows } = await t.ctx.database.pool.query(
    `select singleton_key, start_after from pgboss.job where name = 'digests.send' and data->>'userId' = $1 order by start_after`,
    [userId],
  );
  return rows.map((row) => ({ singletonKey: row.singleton_key, startAfter: row.start_after }));
}

describe('the sweep', () => {
  it('records a due slot once, enqueues one job keyed by user and slot, and moves next_digest_at on', async () => {
    const slot = currentHourSlot();
    const user = await createUser(t.ctx, dueDaily(slot));

    await Promise.all([sweepDigests(t.ctx), sweepDigests(t.ctx)]);
    await sweepDigests(t.ctx);

    expect(await sendsOf(t.ctx, user.id)).toMatchObject([{ scheduledFor: slot, status: 'pending', attempts: 0 }]);
    expect(await queuedFor(user.id)).toMatchObject([{ singletonKey: `${user.id}:${slot.toISOString()}` }]);
    expect((await reloadUser(t.ctx, user.id)).nextDigestAt).toEqual(nextDailyWake(slot));
  });

  it('skips a send more than 6 hours overdue and schedules the next one, sending nothing late', async () => {
    const slot = new Date(currentHourSlot().getTime() - 7 * HOUR_MS);
    const user = await createUser(t.ctx, dueDaily(slot));
    await createLinks(t.ctx, user, [{ createdAt: new Date(slot.getTime() - HOUR_MS) }]);

    await sweepDigests(t.ctx);

    expect(await sendsOf(t.ctx, user.id)).toMatchObject([{ scheduledFor: slot, status: 'skipped', error: 'overdue' }]);
    expect(await queuedFor(user.id)).toEqual([]);
    expect((await reloadUser(t.ctx, user.id)).nextDigestAt).toEqual(nextDailyWake(slot));
    expect(await t.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id))).toEqual([]);
  });

  it('spreads the sends due in one minute at DIGEST_SEND_RATE a second', async () => {
    const slot = currentHourSlot();
    const due = await Promise.all(Array.from({ length: 30 }, () => createUser(t.ctx, dueDaily(slot))));
    const now = new Date();

    await sweepDigests({ ...t.ctx, config: { ...t.ctx.config, digestSendRate: 10 } }, now);

    const starts = (await Promise.all(due.map((user) => queuedFor(user.id))))
      .map(([job]) => job.startAfter.getTime() - now.getTime())
      .sort((a, b) => a - b);
    expect(starts[0]).toBeLessThan(200);
    expect(starts[29]).toBeGreaterThan(2500);
    expect(starts[29]).toBeLessThan(3200);
  });

  it('gives a new account its first digest time, in its own zone', async () => {
    const user = await createUser(t.ctx, { emailFrequency: 'daily', emailTime: 8, timezone: 'Asia/Kolkata' });
    expect(user.nextDigestAt).toBeNull();
    const now = new Date();

    await sweepDigests(t.ctx, now);

    const next = (await reloadUser(t.ctx, user.id)).nextDigestAt!;
    expect(next.getUTCHours() * 60 + next.getUTCMinutes()).toBe(2 * 60 + 30);
    expect(next.getTime() - now.getTime()).toBeGreaterThan(0);
    expect(next.getTime() - now.getTime()).toBeLessThanOrEqual(DAY_MS);
  });
});

describe('tiers at the time of the slot', () => {
  // Tuesday 2 June 2026, 7:00 in Berlin; the Friday after at 9:00.
  const tuesdaySeven = new Date('2026-06-02T05:00:00Z');
  const fridayNine = new Date('2026-06-05T07:00:00Z');
  const ownDaily = { emailFrequency: 'daily', emailTime: 7, timezone: 'Europe/Berlin' } as const;

  it('gives a free account Friday 9:00 whatever is stored, and still looks at its own times in case it upgrades', async () => {
    const free = await createUser(t.ctx, { accountType: 'free', ...ownDaily, nextDigestAt: tuesdaySeven });

    await sweepDigests(t.ctx, new Date(tuesdaySeven.getTime() + 30_000));
    expect(await sendsOf(t.ctx, free.id)).toEqual([]);
    expect((await reloadUser(t.ctx, free.id)).nextDigestAt).toEqual(new Date('2026-06-03T05:00:00Z'));

    await t.ctx.database.db.execute(sql`update users set next_digest_at = ${fridayNine.toISOString()} where id = ${free.id}`);
    await sweepDigests(t.ctx, new Date(fridayNine.getTime() + 30_000));
    expect(await sendsOf(t.ctx, free.id)).toMatchObject([{ scheduledFor: fridayNine, status: 'pending' }]);
  });

  it('sends an account its own daily digest the moment it is pro, with no rescheduling', async () => {
    const upgraded = await createUser(t.ctx, { accountType: 'pro', ...ownDaily, nextDigestAt: tuesdaySeven });
    await sweepDigests(t.ctx, new Date(tuesdaySeven.getTime() + 30_000));
    expect(await sendsOf(t.ctx, upgraded.id)).toMatchObject([{ scheduledFor: tuesdaySeven, status: 'pending' }]);
  });

  it('stops a trial that has ended from getting its daily digest', async () => {
    const ended = await createUser(t.ctx, {
      accountType: 'trial',
      trialEndsAt: new Date(tuesdaySeven.getTime() - HOUR_MS),
      ...ownDaily,
      nextDigestAt: tuesdaySeven,
    });
    await sweepDigests(t.ctx, new Date(tuesdaySeven.getTime() + 30_000));
    expect(await sendsOf(t.ctx, ended.id)).toEqual([]);
  });
});
