import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { mailOutbox } from '../db/schema';
import type { MailStatus } from '../db/schema/mail';
import { queueMail } from './outbox';
import { pruneOutbox } from './prune-job';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function mailWritten(age: string, status: MailStatus): Promise<string> {
  const { db } = t.ctx.database;
  const id = await queueMail(db, { to: 'prune@example.com', template: 'test', props: { appUrl: t.ctx.config.appUrl } });
  await db
    .update(mailOutbox)
    .set({ status, createdAt: sql`now() - ${age}::interval` })
    .where(eq(mailOutbox.id, id));
  return id;
}

describe('the outbox pruning', () => {
  it('removes sent and failed mail older than 30 days, and keeps the rest', async () => {
    const oldSent = await mailWritten('31 days', 'sent');
    const oldFailed = await mailWritten('45 days', 'failed');
    const recentSent = await mailWritten('29 days', 'sent');
    const oldQueued = await mailWritten('40 days', 'queued');
    const oldSending = await mailWritten('40 days', 'sending');

    expect(await pruneOutbox(t.ctx)).toBe(2);

    const left = await t.ctx.database.db.select({ id: mailOutbox.id }).from(mailOutbox);
    const leftIds = left.map((row) => row.id);
    expect(leftIds).toEqual(expect.arrayContaining([recentSent, oldQueued, oldSending]));
    expect(leftIds).not.toContain(oldSent);
    expect(leftIds).not.toContain(oldFailed);
    expect(await pruneOutbox(t.ctx)).toBe(0);
  });
});
