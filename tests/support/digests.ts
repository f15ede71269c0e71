import { eq } from 'drizzle-orm';
import type { AppContext } from '../../src/server/context';
import { digestSends } from '../../src/server/db/schema';
import { sendDigestJob } from '../../src/server/digests/send-job';
import type { TestApp } from './test-app';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The start of the current UTC hour: a digest slot that is due and not overdue. */
export function currentHourSlot(): Date {
  return new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
}

/**
 * Where a sweep moves a daily UTC user's next_digest_at after `slot`: the next day's slot, or, when
 * it comes first, Friday 9:00, when the free plan's weekly digest would go out (the sweep wakes for
 * both, in case the plan changes). From Thursday 9:00 UTC on, that is the Friday morning.
 */
export function nextDailyWake(slot: Date, sweptAt = new Date()): Date {
  const nextDay = new Date(slot.getTime() + DAY_MS);
  const friday = new Date(sweptAt);
  friday.setUTCHours(9, 0, 0, 0);
  friday.setUTCDate(friday.getUTCDate() + ((5 - friday.getUTCDay() + 7) % 7));
  if (friday <= sweptAt) friday.setUTCDate(friday.getUTCDate() + 7);
  return friday < nextDay ? friday : nextDay;
}

/** A user's schedule fields for a daily digest whose slot is `slot` (in UTC), already due. */
export function dueDaily(slot: Date) {
  return { emailFrequency: 'daily', emailTime: slot.getUTCHours(), timezone: 'UTC', nextDigestAt: slot } as const;
}

/**
 * Runs the digests.send jobs waiting in the queue (and startable now) as a worker would, a batch
 * at a time, until none are left. Answers how many jobs ran.
 */
export async function runDigestJobs(t: Pick<TestApp, 'boss' | 'ctx'>): Promise<number> {
  let ran = 0;
  for (;;) {
    const jobs = await t.boss.fetch<{ userId: string; scheduledFor: string }>(sendDigestJob.name, { batchSize: 100 });
    if (jobs.length === 0) return ran;
    await sendDigestJob.batch!.handler(
      jobs.map((job) => job.data),
      t.ctx,
    );
    await t.boss.complete(
      sendDigestJob.name,
      jobs.map((job) => job.id),
    );
    ran += jobs.length;
  }
}

export async function sendsOf(ctx: AppContext, userId: string) {
  return ctx.database.db.select().from(digestSends).where(eq(digestSends.userId, userId)).orderBy(digestSends.scheduledFor);
}
