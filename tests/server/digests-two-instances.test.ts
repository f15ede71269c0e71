import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { currentHourSlot } from '../support/digests';
import { startServer, type RunningServer } from '../support/server-process';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

/*
 * Two instances of the built server on one PostgreSQL database, both running workers: every due
 * digest goes out once. Sweeps are sent straight to the queue rather than waiting for the cron's
 * minute, several at a time, plus duplicate send jobs without their idempotency key, so that both
 * instances really do race for the same slots. Needs PostgreSQL: two processes cannot share the
 * embedded database.
 */

const USERS = 60;
const needsPostgres = !process.env.TEST_DATABASE_URL;
if (needsPostgres) console.log('digests-two-instances: skipped, it needs TEST_DATABASE_URL (two processes on one PostgreSQL)');

describe.skipIf(needsPostgres)('two instances on one database', () => {
  let database: TestDatabase;
  let sink: SmtpSink;
  let servers: RunningServer[] = [];
  let client: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase('stash_two');
    sink = await startSmtpSink();
    const env = {
      SMTP_URL: sink.url,
      SESSION_SECRET: 'two-instances-share-one-session-secret-0123456789',
      DIGEST_SEND_RATE: '100000',
      ROLE: 'all',
    };
    servers = await Promise.all([startServer(env, { databaseUrl: database.url }), startServer(env, { databaseUrl: database.url })]);
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  }, 90_000);

  afterAll(async () => {
    await client?.end();
    await Promise.all(servers.map((server) => server.stop()));
    await sink?.close();
    await database?.drop();
  });

  it('sends each due digest exactly once', async () => {
    const slot = currentHourSlot();
    const { rows: users } = await client.query<{ id: string; email: string }>(
      `insert into users (email, email_verified, first_name, account_type, trial_ends_at, email_frequency, email_time, timezone, next_digest_at)
       select 'reader' || i || '@two.example', true, 'Reader', 'trial', now() + interval '10 days', 'daily', $1, 'UTC', $2
       from generate_series(1, ${USERS}) as i returning id, email`,
      [slot.getUTCHours(), slot],
    );
    await client.query(
      `insert into links (user_id, url, normalized_url, title, created_at)
       select u.id, 'https://example.com/' || u.id || '/' || n, 'example.com/' || u.id || '/' || n, 'Link ' || n, $1
       from users u, generate_series(1, 2) as n`,
      [new Date(slot.getTime() - 60 * 60 * 1000)],
    );

    const boss = new PgBoss({ connectionString: database.url, supervise: false, schedule: false, migrate: false });
    await boss.start();
    try {
      for (let i = 0; i < 4; i++) await boss.send('digests.sweep', {});
      await waitFor(async () => (await client.query(`select count(*)::int as n from digest_sends`)).rows[0].n === USERS);
      // The same slots again, without their key: the claim in digest_sends is what stops a second send.
      const { rows: slots } = await client.query<{ user_id: string; scheduled_for: Date }>(
        `select user_id, scheduled_for from digest_sends`,
      );
      await boss.insert(
        slots.map((s) => ({ name: 'digests.send', data: { userId: s.user_id, scheduledFor: s.scheduled_for.toISOString() } })),
      );
      for (let i = 0; i < 4; i++) await boss.send('digests.sweep', {});

      await sink.waitForMessages(USERS, 30_000);
      await waitFor(
        async () => (await client.query(`select count(*)::int as n from digest_sends where status = 'sent'`)).rows[0].n === USERS,
      );
      // Time for any duplicate to arrive.
      await new Promise((resolve) => setTimeout(resolve, 3000));
    } finally {
      await boss.stop({ graceful: false, close: true, wait: true });
    }

    const recipients = sink.messages.map((m) => (Array.isArray(m.to) ? '' : m.to?.text));
    expect(recipients).toHaveLength(USERS);
    expect(new Set(recipients)).toEqual(new Set(users.map((u) => u.email)));
    const { rows: outbox } = await client.query(`select count(*)::int as n from mail_outbox where template = 'digest'`);
    expect(outbox[0].n).toBe(USERS);
  }, 90_000);
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    if (await check()) return;
  }
  throw new Error(`not so within ${timeoutMs} ms`);
}
