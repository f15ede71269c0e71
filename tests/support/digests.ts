import { eq } from 'drizzle-orm';
import type { AppContext } from '../../src/server/context';
import { digestSends } from '../../src/server/db/schema';
import { sendDigestJob } from '../../src/server/digests/send-job';
import type { TestApp } from './test-app';

const HOUR_MS = 60 * 60 * 1000;

/** The start of the current UTC hour: a digest slot that is due and not overdue. */
export function currentHourSlot(): Date {
  return new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
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
    await t.boss.complete(sendDigestJob.name, jobs.map((job) => job.id));
    ran += jobs.length;
  }
}

export async function sendsOf(ctx: AppContext, userId: string) {
  return ctx.database.db.select().from(digestSends).where(eq(digestSends.userId, userId)).orderBy(digestSends.scheduledFor);
}
