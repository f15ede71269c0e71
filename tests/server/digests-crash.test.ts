import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { everySendFinal, receivedCounts, seedDueDigests, statusCounts } from '../support/due-digest-batch';
import { startServer, type RunningServer } from '../support/server-process';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

/*
 * A deploy and a crash, as an operator meets them: real server processes on one PostgreSQL, a
 * receiving SMTP server that takes a while over each message, and a process stopped mid-send, by
 * SIGTERM or by kill -9. A second instance then finishes the work. What the receiving server got is
 * counted: no digest twice, and uncertain only what was on an SMTP connection when the process died.
 */

const USERS = 90;
/** The pool's connections (transport.ts): the most a process can have in flight. */
const CONNECTIONS = 3;
const needsPostgres = !process.env.TEST_DATABASE_URL;
if (needsPostgres) console.log('digests-crash: skipped, it needs TEST_DATABASE_URL (processes sharing one PostgreSQL)');

describe.skipIf(needsPostgres)('a digest batch interrupted mid-send', () => {
  let database: TestDatabase;
  let sink: SmtpSink;
  let client: pg.Client;
  let boss: PgBoss;
  const servers: RunningServer[] = [];
  const env = () => ({
    SMTP_URL: sink.url,
    SESSION_SECRET: 'crash-tests-share-one-session-secret-0123456789',
    DIGEST_SEND_RATE: '100000',
    ROLE: 'all',
  });

  beforeEach(async () => {
    database = await createTestDatabase('stash_crash');
    // 100 ms a message on 3 connections: the 90 digests take about 3 s, time to stop a process among them.
    sink = await startSmtpSink({ acceptAfterMs: 100 });
    // Its log lines at info, to read what it drained; a grace period shorter than the batch takes.
    servers.push(await startServer({ ...env(), LOG_LEVEL: 'info', SHUTDOWN_GRACE_SECONDS: '2' }, { databaseUrl: database.url }));
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    boss = new PgBoss({ connectionString: database.url, supervise: false, schedule: false, migrate: false });
    await boss.start();
    await seedDueDigests(client, USERS, 'crash.example');
  }, 90_000);

  afterEach(async () => {
    await boss?.stop({ graceful: false, close: true, wait: true });
    await client?.end();
    await Promise.all(servers.splice(0).map((server) => server.stop()));
    await sink?.close();
    await database?.drop();
  });

  it('SIGTERM: claims nothing new, finishes or hands back what it holds, says so, and exits; nothing uncertain, nothing twice', async () => {
    const [first] = servers;
    await boss.send('digests.sweep', {});
    await sink.waitForMessages(10, 30_000);

    const exit = exited(first.process);
    first.process.kill('SIGTERM');
    expect(await exit, first.output()).toEqual({ code: 0, signal: null });
    expect(first.output()).toMatch(/"msg":"drained"/);
    const drained = JSON.parse(
      first
        .output()
        .split('\n')
        .find((line) => line.includes('"msg":"drained"'))!,
    );
    expect(drained.inFlight.digests).toBe(0);

    // Nothing the stopped process held is left half done: every send is final, pending, or its
    // message is queued for another instance.
    const { rows: open } = await client.query(`
      select d.status, o.status as mail from digest_sends d left join mail_outbox o on o.id = d.outbox_id
      where d.status = 'sending' and (o.status is null or o.status = 'sending')`);
    expect(open).toEqual([]);

    servers.push(await startServer(env(), { databaseUrl: database.url }));
    await everySendFinal(client, boss);
    const counts = await receivedCounts(sink);
    expect([...counts.values()].filter((n) => n > 1)).toEqual([]);
    expect(counts.size).toBe(USERS);
    expect(await statusCounts(client)).toEqual({ sent: USERS });
  }, 120_000);

  it('kill -9: at most one uncertain digest per SMTP connection, the rest sent once by the next instance', async () => {
    const [first] = servers;
    await boss.send('digests.sweep', {});
    await sink.waitForMessages(10, 30_000);

    const exit = exited(first.process);
    first.process.kill('SIGKILL');
    await exit;
    const { rows } = await client.query(`select count(*)::int as n from mail_outbox where status = 'sending'`);
    expect(rows[0].n).toBeLessThanOrEqual(CONNECTIONS);

    // Two minutes pass (the rows' clocks are moved back), then the next instance sweeps.
    await client.query(
      `update mail_outbox set last_attempt_at = last_attempt_at - interval '3 minutes', created_at = created_at - interval '3 minutes'`,
    );
    await client.query(`update digest_sends set updated_at = updated_at - interval '3 minutes'`);
    servers.push(await startServer(env(), { databaseUrl: database.url }));
    await everySendFinal(client, boss);

    const counts = await receivedCounts(sink);
    expect([...counts.values()].filter((n) => n > 1)).toEqual([]);
    const states = await statusCounts(client);
    expect(states.uncertain ?? 0).toBeLessThanOrEqual(CONNECTIONS);
    expect((states.sent ?? 0) + (states.uncertain ?? 0)).toBe(USERS);
    // Every digest recorded sent did arrive; an uncertain one may or may not have.
    const { rows: sent } = await client.query<{ email: string }>(
      `select u.email from digest_sends d join users u on u.id = d.user_id where d.status = 'sent'`,
    );
    for (const { email } of sent) expect(counts.get(email)).toBe(1);
  }, 120_000);
});

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}
