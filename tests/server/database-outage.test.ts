import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { everySendFinal, receivedCounts, seedDueDigests, statusCounts } from '../support/due-digest-batch';
import { startServer, type RunningServer } from '../support/server-process';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';

/*
 * A database outage as an operator meets one (a failover, a restart): a web process and a worker
 * process on one PostgreSQL, whose connections to the app's database are all terminated
 * (pg_terminate_backend), again and again for ten seconds, while the worker sends a batch of
 * digests and the web process saves and deletes links. Both must live through it, answer 503 with
 * Retry-After meanwhile, recover by themselves, and send each digest once.
 */

const USERS = 60;
const DOMAIN = 'outage.example';
const OUTAGE_MS = 10_000;
/** How often the outage cuts every connection that has come back. */
const CUT_EVERY_MS = 100;
const WEB_CLIENTS = 4;
const needsPostgres = !process.env.TEST_DATABASE_URL;
if (needsPostgres) console.log('database-outage: skipped, it needs TEST_DATABASE_URL (processes sharing one PostgreSQL)');

type Answer = { status: number; retryAfter: string | null; body: string };

describe.skipIf(needsPostgres)('a database outage', () => {
  let database: TestDatabase;
  let sink: SmtpSink;
  const servers: RunningServer[] = [];
  const clients: { end(): Promise<void> }[] = [];

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.end().catch(() => {})));
    await Promise.all(servers.splice(0).map((server) => server.stop()));
    await sink?.close();
    await database?.drop();
  });

  it('kills no process: requests meanwhile answer 503 with Retry-After, both recover, each digest goes out once', async () => {
    database = await createTestDatabase('stash_outage');
    // 150 ms a message on 3 connections: the batch takes about 3 s without an outage, and far longer with one.
    sink = await startSmtpSink({ acceptAfterMs: 150 });
    const env = { SMTP_URL: sink.url, SESSION_SECRET: 'outage-tests-share-one-session-secret-0123456789', DIGEST_SEND_RATE: '100000' };
    const [web, worker] = await Promise.all([
      startServer({ ...env, ROLE: 'web', LOG_LEVEL: 'info' }, { databaseUrl: database.url }),
      startServer({ ...env, ROLE: 'worker' }, { databaseUrl: database.url }),
    ]);
    servers.push(web, worker);

    const cookie = await signUp(web.url);
    let client = await connected(database.url!);
    await seedDueDigests(client, USERS, DOMAIN);
    let boss = new PgBoss({ connectionString: database.url, supervise: false, schedule: false, migrate: false });
    await boss.start();
    await boss.send('digests.sweep', {});
    await sink.waitForMessages(5, 30_000);
    // Their connections would be cut too: the test's own come back after the outage.
    await boss.stop({ graceful: false, close: true, wait: true });
    await client.end();

    // Mid-send: digests are still going out when the outage begins.
    expect(sink.messages.length).toBeLessThan(USERS);
    let outageOver = false;
    const load = Promise.all(Array.from({ length: WEB_CLIENTS }, (_, i) => saveAndDeleteUntil(web.url, cookie, `c${i}`, () => outageOver)));
    const cuts = await cutConnections(new URL(database.url!).pathname.slice(1), OUTAGE_MS);
    outageOver = true;
    const answers = await load;

    expect(cuts).toBeGreaterThan(0);
    for (const server of [web, worker])
      expect({ exitCode: server.process.exitCode, signal: server.process.signalCode }, server.output()).toEqual({
        exitCode: null,
        signal: null,
      });
    const during = answers.flat();
    const unavailable = during.filter((answer) => answer.status === 503);
    expect(unavailable.length, 'requests refused during the outage').toBeGreaterThan(0);
    expect(during.filter((answer) => ![200, 201, 204, 503].includes(answer.status))).toEqual([]);
    expect(unavailable.filter((answer) => answer.retryAfter === null)).toEqual([]);

    // Recovered by itself: the web process saves and deletes again.
    await healthy(web.url);
    const [after] = await saveAndDeleteUntil(web.url, cookie, 'after', () => true);
    expect(after.status).toBe(201);

    client = await connected(database.url!);
    boss = new PgBoss({ connectionString: database.url, supervise: false, schedule: false, migrate: false });
    await boss.start();
    clients.push({ end: () => boss.stop({ graceful: false, close: true, wait: true }) });
    // What the outage interrupted (claims, records) the sweeps put right after a minute or two:
    // that much time passes (the rows' clocks are moved back), once the worker has recorded what
    // SMTP took meanwhile.
    await noMessageSending(client);
    await client.query(
      `update mail_outbox set last_attempt_at = last_attempt_at - interval '3 minutes', created_at = created_at - interval '3 minutes'`,
    );
    await client.query(`update digest_sends set updated_at = updated_at - interval '3 minutes'`);
    await everySendFinal(client, boss);
    for (const server of [web, worker]) expect(server.process.exitCode, server.output()).toBeNull();

    const counts = await receivedCounts(sink);
    const digests = [...counts].filter(([to]) => to.endsWith(`@${DOMAIN}`));
    expect(digests.filter(([, n]) => n > 1)).toEqual([]);
    expect(digests.length).toBe(USERS);
    expect(await statusCounts(client)).toEqual({ sent: USERS });
  }, 150_000);

  async function connected(url: string): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    clients.push(client);
    return client;
  }
});

/** A trial account's session cookie. */
async function signUp(url: string): Promise<string> {
  const answer = await fetch(`${url}/api/auth/create-trial-account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ firstName: 'Olga', lastName: 'Outage', email: 'olga@example.com', password: 'a long enough password 42' }),
  });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Saves a link and deletes it, again and again until `done()` (at least once); answers every response. */
async function saveAndDeleteUntil(url: string, cookie: string, name: string, done: () => boolean): Promise<Answer[]> {
  const answers: Answer[] = [];
  const headers = { cookie, origin: url, 'content-type': 'application/json' };
  for (let i = 0; ; i++) {
    const saved = await answer(
      fetch(`${url}/api/links`, { method: 'POST', headers, body: JSON.stringify({ url: `https://example.com/${name}/${i}` }) }),
    );
    answers.push(saved);
    if (saved.status === 201) {
      const { link } = JSON.parse(saved.body) as { link: { id: string } };
      answers.push(await answer(fetch(`${url}/api/links/${link.id}`, { method: 'DELETE', headers: { cookie, origin: url } })));
    }
    if (done()) return answers;
  }
}

/** The response, or status 0 when none came (the process is gone). */
async function answer(response: Promise<Response>): Promise<Answer> {
  try {
    const res = await response;
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
  } catch (error) {
    return { status: 0, retryAfter: null, body: String(error) };
  }
}

/** Terminates every connection to `database` (but the test's own, on another database) every CUT_EVERY_MS for `ms`; answers how many it cut. */
async function cutConnections(database: string, ms: number): Promise<number> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  let cut = 0;
  try {
    for (const until = Date.now() + ms; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, CUT_EVERY_MS))) {
      const { rows } = await admin.query<{ cut: boolean }>(
        'select pg_terminate_backend(pid) as cut from pg_stat_activity where datname = $1',
        [database],
      );
      cut += rows.filter((row) => row.cut).length;
    }
  } finally {
    await admin.end();
  }
  return cut;
}

/** Waits (a while) until no message is being handed to SMTP or waiting for its record. */
async function noMessageSending(client: pg.Client): Promise<void> {
  for (const until = Date.now() + 15_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const { rows } = await client.query(`select count(*)::int as n from mail_outbox where status = 'sending'`);
    if (rows[0].n === 0) return;
  }
}

async function healthy(url: string): Promise<void> {
  for (const until = Date.now() + 30_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 200))) {
    if ((await fetch(`${url}/api/health`)).status === 200) return;
  }
  throw new Error(`${url} did not recover within 30 s`);
}
