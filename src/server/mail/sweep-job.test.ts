import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { mailOutbox } from '../db/schema';
import { dispatchMail, queueMail } from './outbox';
import { sweepOutbox } from './sweep-job';

let t: TestApp;

beforeAll(async () => {
  // No workers: the jobs the sweep enqueues stay in the queue for the test to see.
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** A message written `age` ago, then changed as given; one left `sending` was claimed `age` ago too. */
async function queueTestMail(age: string, changes: Partial<typeof mailOutbox.$inferInsert> = {}): Promise<string> {
  const { db } = t.ctx.database;
  const id = await queueMail(db, { to: 'sweep@example.com', template: 'test', props: { appUrl: t.ctx.config.appUrl } });
  await db
    .update(mailOutbox)
    .set({
      ...changes,
      createdAt: sql`now() - ${age}::interval`,
      lastAttemptAt: changes.status === 'sending' ? sql`now() - ${age}::interval` : undefined,
    })
    .where(eq(mailOutbox.id, id));
  return id;
}

async function outboxRow(id: string) {
  const [row] = await t.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

describe('the outbox sweep', () => {
  it('re-dispatches lost messages once and gives up on interrupted ones', async () => {
    const lost = await queueTestMail('2 minutes');
    const waitingForItsJob = await queueTestMail('2 minutes');
    await dispatchMail(t.ctx, waitingForItsJob);
    const justWritten = await queueTestMail('5 seconds');
    const waitingForRetry = await queueTestMail('20 minutes', {
      attempts: 1,
      lastError: '451 try again later',
      retryAt: new Date(Date.now() + 60_000),
    });
    // The process died after the 4xx, before it queued the retry.
    const retryLost = await queueTestMail('20 minutes', {
      attempts: 1,
      lastError: '451 try again later',
      retryAt: new Date(Date.now() - 61_000),
    });
    const interrupted = await queueTestMail('61 seconds', { status: 'sending', attempts: 1 });
    const sendingNow = await queueTestMail('30 seconds', { status: 'sending', attempts: 1 });

    expect(await sweepOutbox(t.ctx)).toEqual({ redispatched: 3, interrupted: 1 });
    // A second sweep before any worker ran adds no second job.
    expect(await sweepOutbox(t.ctx)).toEqual({ redispatched: 3, interrupted: 0 });

    const jobs = await t.boss.fetch<{ outboxId: string }>('mail.deliver', { batchSize: 10 });
    expect(jobs.map((job) => job.data.outboxId).sort()).toEqual([lost, waitingForItsJob, retryLost].sort());

    expect(await outboxRow(interrupted)).toMatchObject({ status: 'failed', lastError: 'interrupted during delivery' });
    expect(await outboxRow(sendingNow)).toMatchObject({ status: 'sending' });
    expect(await outboxRow(waitingForRetry)).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await outboxRow(justWritten)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('retries messages put back to queued before retry_at existed, once their back-off has passed', async () => {
    const { db } = t.ctx.database;
    const old = await queueTestMail('3 hours', { attempts: 2, lastError: '451 try again later' });
    const recent = await queueTestMail('3 hours', { attempts: 3, lastError: '451 try again later' });
    await db.update(mailOutbox).set({ lastAttemptAt: sql`now() - interval '2 hours'` }).where(eq(mailOutbox.id, old));
    // Its back-off (two minutes after a third attempt) is still ahead.
    await db.update(mailOutbox).set({ lastAttemptAt: sql`now() - interval '30 seconds'` }).where(eq(mailOutbox.id, recent));

    await sweepOutbox(t.ctx);

    const jobs = await t.boss.fetch<{ outboxId: string }>('mail.deliver', { batchSize: 50 });
    const dispatched = jobs.map((job) => job.data.outboxId);
    expect(dispatched).toContain(old);
    expect(dispatched).not.toContain(recent);
  });
});
