// `npm run bench:digests`: ten thousand users with 20 links each, all due in the same minute. The
// built server's own sweep and workers compose and render the digests and hand them to a loopback
// SMTP server (its own process); timed from the sweep's start to the last message received. Then the
// baseline, in the same run: the same messages, already rendered, sent through a nodemailer pool
// made as src/server/mail/transport.ts makes it, to the same SMTP server.
// Usage: npm run bench:digests [-- --users 10000 --links 20 --smtp-connections 3]
// With --on-the-minute (docs/product/digests.md, On time, once: timeliness, not capacity): the users fall due at the next
// minute, the server's own minute clock starts the sweep and the default pacing (DIGEST_SEND_RATE)
// spreads the sends; it prints how late the sweep started and when the last message reached SMTP,
// both counted from the minute. No baseline in that mode.
//   node bench/digests.mjs --on-the-minute --users 1000
// Database: BENCH_DATABASE_URL or TEST_DATABASE_URL or the local postgres.
import { parseArgs } from 'node:util';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { createBenchDatabase, ensureBuilt, startStash } from './stash-process.mjs';
import { cpuMsOf, peakOf, postgresCpuOf, postgresCpuSpent, sendPreRendered, startSmtpSink } from './support.mjs';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    links: { type: 'string', default: '20' },
    'smtp-connections': { type: 'string', default: '3' },
    'on-the-minute': { type: 'boolean', default: false },
  },
});
const USERS = Number(args.users);
const LINKS = Number(args.links);
// transport.ts pools 3 connections; SMTP_URL's query can raise it (nodemailer reads it), for both sides alike.
const CONNECTIONS = Number(args['smtp-connections']);
ensureBuilt();
const database = await createBenchDatabase('digests');
const databaseUrl = database.url;
const sink = await startSmtpSink();
const smtpUrl = `smtp://127.0.0.1:${sink.port}/${CONNECTIONS === 3 ? '' : `?maxConnections=${CONNECTIONS}`}`;
const stash = await startStash(databaseUrl, {
  // As a production deployment runs it: React's development build renders several times slower.
  NODE_ENV: 'production',
  SMTP_URL: smtpUrl,
  LOG_LEVEL: 'warn',
  READ_PAGES: 'off',
  // Capacity, not pacing: the production default spreads a big hour over minutes on purpose.
  ...(!args['on-the-minute'] && { DIGEST_SEND_RATE: '1000000' }),
});
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();

try {
  const slot = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
  console.log(`seeding ${USERS} users × ${LINKS} links…`);
  await seed(slot);
  if (args['on-the-minute']) await onTheMinute();
  else await capacity(slot);
} finally {
  await db.end();
  await stash.stop();
  sink.stop();
  await database.drop();
}

/** Everyone due in the same minute and one sweep, against the same messages sent pre-rendered. */
async function capacity(slot) {
  // Everyone due in the same minute, then one sweep: what the cron does at the top of an hour.
  await db.query(`update users set email_frequency = 'daily', next_digest_at = $1`, [slot]);
  const boss = new PgBoss({ connectionString: databaseUrl, supervise: false, schedule: false, migrate: false });
  await boss.start();
  const delivered = sink.expect(USERS);
  const cpuBefore = serverCpu();
  const pgBefore = await postgresCpuOf(db);
  const sent = Date.now();
  const sweepId = await boss.send('digests.sweep', {});
  const { at } = await delivered;
  // Timed from the sweep's start: the wait for a worker to poll the queue (up to a second) is the
  // queue's, not digest capacity, and it is printed on its own.
  const {
    rows: [sweep],
  } = await db.query(`select started_on from pgboss.job where id = $1`, [sweepId]);
  const started = sweep.started_on.getTime();
  const seconds = (at - started) / 1000;
  const cpuAfter = serverCpu();
  const pgAfter = await postgresCpuOf(db);
  await boss.stop({ graceful: false, close: true });
  const peakRss = peakOf(stash.pid);
  const states = await settledStates();

  const base = await sendPreRendered({ db, smtpUrl, sink, template: 'digest' });

  console.log(
    `\n${new Date().toISOString().slice(0, 10)} · ${USERS} users × ${LINKS} links · SMTP pool of ${CONNECTIONS} · node ${process.version}\n`,
  );
  console.log('| measure | Stash | baseline | ratio |');
  console.log('| --- | --- | --- | --- |');
  console.log(
    `| digests a second, sweep to last message received | ${Math.round(USERS / seconds)} | ${Math.round(USERS / base.seconds)} | ${(base.seconds / seconds).toFixed(2)} |`,
  );
  console.log(`| seconds for all ${USERS} | ${seconds.toFixed(1)} | ${base.seconds.toFixed(1)} | |`);
  console.log(`| seconds the sweep waited for a worker, not counted above | ${((started - sent) / 1000).toFixed(1)} | | |`);
  console.log(`| peak RSS of the server process | ${Math.round(peakRss)} MB | | |`);
  // CPU time is what a loaded machine bends least: the same work counts the same however long it waited for a core.
  const perDigest = (ms) => (ms / USERS).toFixed(2);
  console.log(
    `| server CPU a digest, its main thread / all threads (ms) | ${perDigest(cpuAfter.main - cpuBefore.main)} / ${perDigest(cpuAfter.all - cpuBefore.all)} | | |`,
  );
  const pgMs = postgresCpuSpent(pgBefore, pgAfter);
  console.log(`| PostgreSQL CPU a digest, the server's connections (ms) | ${perDigest(pgMs)} | | |`);
  console.log(`\ndigest_sends: ${states.map((s) => `${s.status} ${s.n}`).join(', ')}`);
}

/**
 * Everyone due at the next send time at least 20 s away; the server's clock and pacing do the rest.
 * Digests go out on the hour of the user's zone, so a quarter past or half past the hour (UTC) is
 * the hour in Kathmandu (+5:45) or Kolkata (+5:30): the run waits at most half an hour.
 */
async function onTheMinute() {
  const zoneFor = { 0: 'UTC', 15: 'Asia/Kathmandu', 30: 'Asia/Kolkata' };
  let minute = new Date(Math.ceil((Date.now() + 20_000) / 900_000) * 900_000);
  while (!zoneFor[minute.getUTCMinutes()]) minute = new Date(minute.getTime() + 900_000);
  const timezone = zoneFor[minute.getUTCMinutes()];
  const hour = Number(new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: timezone }).format(minute));
  console.log(`due at ${minute.toISOString()} (${hour}:00 in ${timezone}); waiting…`);
  await db.query(`update users set email_frequency = 'daily', email_time = $2, timezone = $3, next_digest_at = $1`, [
    minute,
    hour,
    timezone,
  ]);
  const delivered = sink.expect(USERS);
  const { at } = await delivered;
  const { rows } = await db.query(`select min(started_on) as started from pgboss.job where name = 'digests.sweep' and started_on >= $1`, [
    minute,
  ]);
  const sweepLate = (new Date(rows[0].started).getTime() - minute.getTime()) / 1000;
  const states = await settledStates();
  console.log(
    `\n${new Date().toISOString().slice(0, 10)} · ${USERS} users due at ${minute.toISOString()} · default pacing · node ${process.version}\n`,
  );
  console.log('| measure | seconds after the minute | goal |');
  console.log('| --- | --- | --- |');
  console.log(`| the sweep started | ${sweepLate.toFixed(1)} | within 5 |`);
  console.log(`| the last of ${USERS} digests reached SMTP | ${((at - minute.getTime()) / 1000).toFixed(1)} | within 60 |`);
  console.log(`\ndigest_sends: ${states.map((state) => `${state.status} ${state.n}`).join(', ')}`);
}

/** digest_sends by state, once the last messages' outcomes are recorded (just after SMTP took them). */
async function settledStates() {
  for (
    let i = 0;
    i < 100 && (await db.query(`select 1 from digest_sends where status in ('pending', 'sending') limit 1`)).rowCount > 0;
    i++
  ) {
    await new Promise((r) => setTimeout(r, 100));
  }
  return (await db.query(`select status, count(*)::int as n from digest_sends group by status`)).rows;
}

/** Trial users (daily digests, UTC) with digests off until the run starts; links saved in the hour before. */
async function seed(slot) {
  await db.query(
    `insert into users (email, email_verified, first_name, account_type, trial_ends_at, email_frequency, email_time, timezone, link_count)
     select 'reader' || i || '@bench.example', true, 'Reader', 'trial', now() + interval '10 days', 'none', $1, 'UTC', $2
     from generate_series(1, $3::int) i`,
    [slot.getUTCHours(), LINKS, USERS],
  );
  await db.query(
    `insert into links (user_id, url, normalized_url, title, notes, category, categories, created_at)
     select u.id, 'https://news.example.com/' || n || '/' || u.id, 'news.example.com/' || n || '/' || u.id,
            'An article worth reading, number ' || n,
            case when n % 3 = 0 then 'Why I saved this: a note of a sentence or two about it.' end,
            c, jsonb_build_array(c), $1::timestamptz - n * interval '2 minutes'
     from users u, generate_series(1, $2::int) n,
          lateral (select (array['Article','Blog','News','Tutorial','Video'])[1 + n % 5] c) cat`,
    [slot, LINKS],
  );
  await db.query('vacuum analyze');
}

/** CPU time (ms) of the server's main thread and of the whole process. */
function serverCpu() {
  return { main: cpuMsOf(stash.pid, stash.pid), all: cpuMsOf(stash.pid) };
}
