// `npm run bench:subscriber-digest`: a published category's weekly e-mail to 10,000 confirmed
// subscribers (docs/sharing.md, Subscribers and the weekly e-mail), with 20 links saved in the week.
// The built server (ROLE=all: its worker runs the jobs) is sent the minute sweep's job, as its clock
// would, with the category due at the top of this hour; its `sharing.subscriber-digest` job renders
// the messages into the outbox and dispatches them, which go to a loopback SMTP server in a process
// of its own (bench/smtp-sink.mjs). Timed from that job's start to the last message received;
// DIGEST_SEND_RATE is raised so the pacing does not limit it (capacity, not pacing, as in
// bench/digests.mjs). The server's RSS is sampled meanwhile. Then, in the same run, bench/digests.mjs's
// baseline: the same messages, already rendered, through a nodemailer pool to the same SMTP server.
// Goals: at least 0.8 of the baseline's messages a second, RSS under 300 MB. The report is appended
// to bench/RESULTS.md only at the goal's size (10,000 subscribers); other sizes are printed.
// Usage: npm run bench:subscriber-digest [-- --subscribers 10000 --links 20]
// Database: BENCH_DATABASE_URL or TEST_DATABASE_URL or the local postgres.
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { createBenchDatabase, ensureBuilt, startStash } from './stash-process.mjs';
import {
  cpuMsOf,
  peakOf,
  postgresCpuOf,
  postgresCpuSpent,
  publishedCategory,
  publishReport,
  rssOf,
  sendPreRendered,
  signedInAccount,
  startSmtpSink,
} from './support.mjs';

const { values: args } = parseArgs({
  options: { subscribers: { type: 'string', default: '10000' }, links: { type: 'string', default: '20' } },
});
const SUBSCRIBERS = Number(args.subscribers);
const LINKS = Number(args.links);
const GOAL_SIZE = 10_000;
const CATEGORY = 'Worth reading';

ensureBuilt();
const database = await createBenchDatabase('subscriber_digest');
const sink = await startSmtpSink();
const smtpUrl = `smtp://127.0.0.1:${sink.port}/`;
const stash = await startStash(database.url, {
  NODE_ENV: 'production',
  SMTP_URL: smtpUrl,
  LOG_LEVEL: 'warn',
  READ_PAGES: 'off',
  // Capacity, not pacing: the production default spreads a big send over minutes on purpose.
  DIGEST_SEND_RATE: '1000000',
});
const db = new pg.Client({ connectionString: database.url });
await db.connect();
let progress;
let sampler;

try {
  const slot = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
  console.log(`seeding a published category with ${LINKS} links this week and ${SUBSCRIBERS} confirmed subscribers…`);
  const { categoryId, path } = await seed(slot);

  const boss = new PgBoss({ connectionString: database.url, supervise: false, schedule: false, migrate: false });
  await boss.start();
  const rssBefore = rssOf(stash.pid);
  // The peak from here on is the send's, not the start's.
  writeFileSync(`/proc/${stash.pid}/clear_refs`, '5');
  let rssMax = rssBefore;
  sampler = setInterval(() => (rssMax = Math.max(rssMax, rssOf(stash.pid))), 100);
  const delivered = sink.expect(SUBSCRIBERS);
  const cpuBefore = serverCpu();
  const pgBefore = await postgresCpuOf(db);
  const sent = Date.now();
  // A full-size run can be long: the outbox's count now and then.
  progress = setInterval(async () => {
    const { rows } = await db.query(
      `select count(*) filter (where status = 'sent')::int as sent from mail_outbox where template = 'category-digest'`,
    );
    console.log(`${Math.round((Date.now() - sent) / 1000)} s: ${rows[0].sent} of ${SUBSCRIBERS} sent`);
  }, 10_000);
  // Due at the top of this hour: the sweep (the server's own clock runs it every minute too) enqueues the category's job.
  await db.query('update categories set subscriber_digest_next_at = $2 where id = $1', [categoryId, slot]);
  await boss.send('sharing.subscriber-digests', {});
  const { at } = await delivered;
  const cpuAfter = serverCpu();
  const pgAfter = await postgresCpuOf(db);
  clearInterval(sampler);
  await boss.stop({ graceful: false, close: true });
  const peakRss = peakOf(stash.pid);
  const {
    rows: [job],
  } = await db.query(`select started_on from pgboss.job where name = 'sharing.subscriber-digest' and data->>'categoryId' = $1`, [
    categoryId,
  ]);
  const started = job.started_on.getTime();
  const seconds = (at - started) / 1000;
  const states = await settledStates();

  const base = await sendPreRendered({ db, smtpUrl, sink, template: 'category-digest' });
  if (base.messages !== SUBSCRIBERS) throw new Error(`the outbox holds ${base.messages} subscriber digests, not ${SUBSCRIBERS}`);

  const load = execSync('uptime').toString().trim();
  const perMessage = (ms) => (ms / SUBSCRIBERS).toFixed(2);
  const report = [
    '',
    `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} — \`node bench/subscriber-digest.mjs${SUBSCRIBERS === GOAL_SIZE ? '' : ` --subscribers ${SUBSCRIBERS}`}${LINKS === 20 ? '' : ` --links ${LINKS}`}\` (a public category's weekly e-mail; node ${process.version})`,
    '',
    `${path.replace(/^\/@[^/]+/, '/@<handle>')}: ${SUBSCRIBERS.toLocaleString('en')} confirmed subscribers, ${LINKS} links saved in the week; SMTP pool of 3, DIGEST_SEND_RATE 1,000,000.`,
    `Commit ${execSync('git rev-parse --short HEAD').toString().trim()}. Machine load at the end: \`${load}\`.`,
    '',
    '| measure | Stash | baseline (pre-rendered, nodemailer pool) | ratio |',
    '| --- | --- | --- | --- |',
    `| messages a second, the category's job start to last message received | ${Math.round(SUBSCRIBERS / seconds)} | ${Math.round(SUBSCRIBERS / base.seconds)} | **${(base.seconds / seconds).toFixed(2)}** (goal ≥ 0.8) |`,
    `| seconds for all ${SUBSCRIBERS.toLocaleString('en')} | ${seconds.toFixed(1)} | ${base.seconds.toFixed(1)} | |`,
    `| seconds from the sweep's job sent to the category's job started, not counted above | ${((started - sent) / 1000).toFixed(1)} | | |`,
    `| RSS of the server process: before, highest sampled (100 ms), peak (VmHWM) during the send | ${Math.round(rssBefore)} / ${Math.round(rssMax)} / **${Math.round(peakRss)} MB** (goal < 300) | | |`,
    `| server CPU a message, its main thread / all threads (ms) | ${perMessage(cpuAfter.main - cpuBefore.main)} / ${perMessage(cpuAfter.all - cpuBefore.all)} | | |`,
    `| PostgreSQL CPU a message, the server's connections (ms) | ${perMessage(postgresCpuSpent(pgBefore, pgAfter))} | | |`,
    '',
    `mail_outbox (category-digest): ${states.map((state) => `${state.status} ${state.n}`).join(', ')}`,
    '',
  ].join('\n');
  if (SUBSCRIBERS === GOAL_SIZE) publishReport(report);
  else console.log(`${report}\n(not added to bench/RESULTS.md: --subscribers ${SUBSCRIBERS} is not the goal's ${GOAL_SIZE})`);
} finally {
  clearInterval(progress);
  clearInterval(sampler);
  await db.end();
  await stash.stop();
  sink.stop();
  await database.drop();
}

/**
 * A Pro owner with a handle and the category published through the API; the week's links and the
 * confirmed subscribers in SQL. The category is not due until the run sets it.
 */
async function seed(slot) {
  const { userId, headers } = await signedInAccount(stash.url, db, 'pro');
  const published = await publishedCategory(stash.url, headers, CATEGORY);
  await db.query(
    `insert into links (user_id, url, normalized_url, title, notes, excerpt, site_name, reading_minutes, category, categories, created_at)
     select $1, 'https://news.example.com/' || n, 'news.example.com/' || n, 'An article worth reading, number ' || n,
            case when n % 3 = 0 then 'Why I saved this: a note of a sentence or two about it.' end,
            'What the article says in its first lines, as the reader found them, and a little more of it.', 'Example', 1 + n % 12,
            $2, jsonb_build_array($2::text), $3::timestamptz - n * interval '3 hours'
     from generate_series(1, $4::int) n`,
    [userId, CATEGORY, slot, LINKS],
  );
  await db.query('update users set link_count = $2 where id = $1', [userId, LINKS]);
  await db.query(
    `insert into category_subscribers (category_id, email, created_at, confirmed_at)
     select $1, 'subscriber' || i || '@bench.example', now() - interval '30 days', now() - interval '29 days'
     from generate_series(1, $2::int) i`,
    [published.categoryId, SUBSCRIBERS],
  );
  // The minute sweep may have scheduled it for the owner's weekday already: not due until the run says so.
  await db.query(`update categories set subscriber_digest_next_at = now() + interval '1 day' where id = $1`, [published.categoryId]);
  await db.query('vacuum analyze');
  return published;
}

/** The outbox's subscriber digests by state, once the last messages' outcomes are recorded (just after SMTP took them). */
async function settledStates() {
  const unsettled = `select 1 from mail_outbox where template = 'category-digest' and status in ('queued', 'sending') limit 1`;
  for (let i = 0; i < 100 && (await db.query(unsettled)).rowCount > 0; i++) await new Promise((r) => setTimeout(r, 100));
  return (await db.query(`select status, count(*)::int as n from mail_outbox where template = 'category-digest' group by status`)).rows;
}

/** CPU time (ms) of the server's main thread and of the whole process. */
function serverCpu() {
  return { main: cpuMsOf(stash.pid, stash.pid), all: cpuMsOf(stash.pid) };
}
