import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentHourSlot, dueDaily, runDigestJobs, sendsOf } from '../../../tests/support/digests';
import { createLinks, signedInUser } from '../../../tests/support/links';
import { startSmtpSink, type SmtpSink } from '../../../tests/support/smtp-sink';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import type { AppContext } from '../context';
import { digestSends, mailOutbox } from '../db/schema';
import { deliverMailJob } from '../mail/deliver-job';
import { sweepOutbox } from '../mail/sweep-job';
import type { MailTransport } from '../mail/transport';
import { sendScheduledDigests } from './send';
import { claimSlots } from './send-rows';
import { sendDigestJob } from './send-job';
import { sweepDigests } from './sweep-job';

/*
 * What a crash leaves behind, and what the sweeps make of it. A crash is a process that stops:
 * here an attempt that never returns (a transport that never answers), or the rows such an attempt
 * leaves, aged past the sweeps' time limits.
 */

const HOUR_MS = 60 * 60 * 1000;

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ env: { SMTP_URL: sink.url, DIGEST_SEND_RATE: '100000' } });
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const received = (to: string) => sink.messages.filter((m) => !Array.isArray(m.to) && m.to?.text === to);

/** A trial user with a digest due now and one new link. */
async function dueUserWithLink() {
  const slot = currentHourSlot();
  const { user } = await signedInUser(t, 'trial', dueDaily(slot));
  await createLinks(t.ctx, user, [{ title: 'A link', createdAt: new Date(slot.getTime() - HOUR_MS) }]);
  return { user, slot };
}

/** The same process, but its transport never answers: once `handOver` is true, after SMTP took the message. */
function stalledContext(handOver: boolean): AppContext {
  const mail: MailTransport = {
    ...t.ctx.mail,
    send: async (message) => {
      if (handOver) await t.ctx.mail.send(message);
      return new Promise(() => {});
    },
  };
  return { ...t.ctx, mail };
}

/** Starts the queued send jobs in a process that then stalls, and waits until its message is in the outbox. */
async function startStalledSend(ctx: AppContext, userId: string): Promise<string> {
  const jobs = await t.boss.fetch<{ userId: string; scheduledFor: string }>(sendDigestJob.name, { batchSize: 100 });
  void sendDigestJob.batch!.handler(
    jobs.map((job) => job.data),
    ctx,
  );
  for (;;) {
    const [send] = await sendsOf(t.ctx, userId);
    const [mail] = send?.outboxId ? await t.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, send.outboxId)) : [];
    if (mail?.status === 'sending') return mail.id;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Moves the rows' clocks back, as if this many minutes had passed. */
async function age(outboxId: string | null, userId: string, minutes: number): Promise<void> {
  const then = new Date(Date.now() - minutes * 60_000);
  if (outboxId) await t.ctx.database.db.update(mailOutbox).set({ lastAttemptAt: then, createdAt: then }).where(eq(mailOutbox.id, outboxId));
  await t.ctx.database.db.update(digestSends).set({ updatedAt: then }).where(eq(digestSends.userId, userId));
}

async function runMailJobs(): Promise<void> {
  for (
    let jobs = await t.boss.fetch<{ outboxId: string }>('mail.deliver', { batchSize: 50 });
    jobs.length > 0;
    jobs = await t.boss.fetch('mail.deliver', { batchSize: 50 })
  ) {
    for (const job of jobs) await deliverMailJob.handler(job.data, t.ctx, { retryCount: 0 });
    await t.boss.complete(
      'mail.deliver',
      jobs.map((job) => job.id),
    );
  }
}

/** Every sweep and worker, twice over: nothing left to do may send anything. */
async function recoverEverything(): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await sweepOutbox(t.ctx);
    await sweepDigests(t.ctx);
    await runDigestJobs(t);
    await runMailJobs();
  }
}

describe('at most once', () => {
  it('leaves a digest uncertain, never sent again, when the process died after SMTP took it', async () => {
    const { user } = await dueUserWithLink();
    await sweepDigests(t.ctx);
    const before = sink.messages.length;
    const outboxId = await startStalledSend(stalledContext(true), user.id);
    await sink.waitForMessages(before + 1);
    expect(received(user.email)).toHaveLength(1);

    await age(outboxId, user.id, 2);
    await recoverEverything();

    expect(await sendsOf(t.ctx, user.id)).toMatchObject([{ status: 'uncertain', error: 'interrupted during delivery' }]);
    expect(received(user.email)).toHaveLength(1);
  });

  it('sends it, once, when the process died before the message was stored', async () => {
    const { user, slot } = await dueUserWithLink();
    await sweepDigests(t.ctx);
    // A worker took the job and claimed the send, then died.
    await t.boss.fetch(sendDigestJob.name, { batchSize: 100 });
    expect(await claimSlots(t.ctx.database.db, [{ userId: user.id, scheduledFor: slot }])).toHaveLength(1);
    await age(null, user.id, 2);

    await recoverEverything();

    expect(received(user.email)).toHaveLength(1);
    expect(await sendsOf(t.ctx, user.id)).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  it('sends it, once, when the process died after storing the message but before handing it over', async () => {
    const { user } = await dueUserWithLink();
    await sweepDigests(t.ctx);
    // A transport that never answers and never sends: then the row is put back as a crash
    // between the commit and the delivery's claim leaves it (queued, never tried).
    const outboxId = await startStalledSend(stalledContext(false), user.id);
    await t.ctx.database.db.update(mailOutbox).set({ status: 'queued', attempts: 0 }).where(eq(mailOutbox.id, outboxId));
    await age(outboxId, user.id, 2);

    await recoverEverything();

    expect(received(user.email)).toHaveLength(1);
    expect(await sendsOf(t.ctx, user.id)).toMatchObject([{ status: 'sent' }]);
  });

  it('records each digest sent the moment SMTP takes it: a crash leaves uncertain only those on a connection', async () => {
    const slot = currentHourSlot();
    const readers = await Promise.all(Array.from({ length: 10 }, () => signedInUser(t, 'trial', dueDaily(slot)).then(({ user }) => user)));
    for (const user of readers) await createLinks(t.ctx, user, [{ title: 'A link', createdAt: new Date(slot.getTime() - HOUR_MS) }]);
    await sweepDigests(t.ctx);
    // SMTP takes five messages, then the process dies with the next ones on its connections.
    let handed = 0;
    const dying: AppContext = {
      ...t.ctx,
      mail: { ...t.ctx.mail, send: async (message) => (++handed <= 5 ? t.ctx.mail.send(message) : new Promise(() => {})) },
    };
    const jobs = await t.boss.fetch<{ userId: string; scheduledFor: string }>(sendDigestJob.name, { batchSize: 100 });
    void sendDigestJob.batch!.handler(
      jobs.map((job) => job.data),
      dying,
    );
    while (handed < 5 + t.ctx.mail.connections) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const outbox = await t.ctx.database.db
      .select()
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.userId,
          readers.map((u) => u.id),
        ),
      );
    expect(outbox.filter((m) => m.status === 'sent')).toHaveLength(5);
    expect(outbox.filter((m) => m.status === 'sending')).toHaveLength(t.ctx.mail.connections);
    for (const user of readers) await age(null, user.id, 3);
    await t.ctx.database.db
      .update(mailOutbox)
      .set({ lastAttemptAt: new Date(Date.now() - 3 * 60_000), createdAt: new Date(Date.now() - 3 * 60_000) })
      .where(
        inArray(
          mailOutbox.userId,
          readers.map((u) => u.id),
        ),
      );
    await recoverEverything();

    const sends = (await Promise.all(readers.map((user) => sendsOf(t.ctx, user.id)))).flat();
    expect(sends.filter((send) => send.status === 'uncertain')).toHaveLength(t.ctx.mail.connections);
    expect(sends.filter((send) => send.status === 'sent')).toHaveLength(10 - t.ctx.mail.connections);
    for (const user of readers) expect(received(user.email).length).toBeLessThanOrEqual(1);
  });

  it('finishes a digest whose process died after a 4xx and before it queued the retry', async () => {
    const { user } = await dueUserWithLink();
    await sweepDigests(t.ctx);
    sink.failNext(451);
    await runDigestJobs(t);
    // The retry job never made it to the queue.
    await t.ctx.database.pool.query(`delete from pgboss.job where name = 'mail.deliver'`);
    const [send] = await sendsOf(t.ctx, user.id);
    expect(send.status).toBe('sending');
    await t.ctx.database.db
      .update(mailOutbox)
      .set({ retryAt: new Date(Date.now() - 61_000) })
      .where(eq(mailOutbox.id, send.outboxId!));

    await recoverEverything();

    expect(received(user.email)).toHaveLength(1);
    expect(await sendsOf(t.ctx, user.id)).toMatchObject([{ status: 'sent' }]);
  });

  it('sends a slot once when two attempts run at the same time', async () => {
    const { user, slot } = await dueUserWithLink();
    await sweepDigests(t.ctx);
    const slots = [{ userId: user.id, scheduledFor: slot }];

    await Promise.all([sendScheduledDigests(t.ctx, slots), sendScheduledDigests(t.ctx, slots), runDigestJobs(t)]);
    await recoverEverything();

    expect(received(user.email)).toHaveLength(1);
    expect(await sendsOf(t.ctx, user.id)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    const { rows } = await t.ctx.database.db.execute(sql`select count(*)::int as n from mail_outbox where user_id = ${user.id}`);
    expect(rows[0].n).toBe(1);
  });
});
