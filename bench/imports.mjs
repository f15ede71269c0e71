// `npm run bench:imports`: a generated 100,000-row Pocket CSV (titles with commas, quotes and
// non-ASCII letters, `|` tags, archive states) uploaded to the built server's POST /api/import/pocket
// as the web app uploads it (multipart), against PostgreSQL; timed from the first byte sent to the
// answer, with the server's RSS sampled throughout (its growth over idle against the file's size),
// the event loop's longest delay during the import (measured inside the server by prom-client's
// monitorEventLoopDelay, read from /metrics, which only the bench's METRICS_TOKEN opens, before and
// after), and the CPU the server process and PostgreSQL spent. Then the baseline, in the same run:
// the same rows inserted straight into the same database with one multi-row INSERT per 1,000 rows,
// in one transaction. Imported links are stored without their search vectors, which a job fills after
// the answer: the time until it has is reported too, and waited for before the baseline runs.
// The figures are printed and appended to bench/RESULTS.md.
// Usage: npm run bench:imports [-- --rows 100000]
// Database: BENCH_DATABASE_URL or TEST_DATABASE_URL or the local postgres.
import { parseArgs } from 'node:util';
import pg from 'pg';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpuMsOf, eventLoopLagMaxMs, generateRows, peakOf, pocketCsv, publishReport, rssOf, signedInAccount } from './support.mjs';
import { createBenchDatabase, ensureBuilt, startStash } from './stash-process.mjs';

const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '100000' } } });
const ROWS = Number(args.rows);
ensureBuilt();
const database = await createBenchDatabase('imports');
const databaseUrl = database.url;
// The generated sites are real domains: no fetching them (the queueing happens after the answer anyway).
const METRICS_TOKEN = 'bench-imports-metrics-token';
const stash = await startStash(databaseUrl, { NODE_ENV: 'production', LOG_LEVEL: 'warn', READ_PAGES: 'off', METRICS_TOKEN });
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();

try {
  const rows = generateRows(ROWS);
  const csv = pocketCsv(rows);
  const account = await signedInAccount(stash.url, db, 'pro');
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(', ');
  const idleRss = rssOf(stash.pid);

  // The same measure over 5 s of idling first: on a shared machine, what a delay owes to the process not being scheduled.
  await eventLoopLagMaxMs(stash.url, METRICS_TOKEN); // resets prom-client's histogram
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const idleLagMs = await eventLoopLagMaxMs(stash.url, METRICS_TOKEN); // and resets it: what follows is the import's
  writeFileSync(`/proc/${stash.pid}/clear_refs`, '5'); // VmHWM from now on
  let peakSampled = idleRss;
  const sampler = setInterval(() => (peakSampled = Math.max(peakSampled, rssOf(stash.pid))), 50);
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'part_000000.csv');
  const serverCpuBefore = cpuMsOf(stash.pid);
  const postgresBefore = await clientBackendsCpu();
  const started = performance.now();
  const response = await fetch(`${stash.url}/api/import/pocket`, { method: 'POST', headers: account.headers, body: form });
  const answer = await response.json();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const serverCpu = cpuMsOf(stash.pid) - serverCpuBefore;
  const postgresCpu = spentSince(postgresBefore, await clientBackendsCpu());
  const lagMs = await eventLoopLagMaxMs(stash.url, METRICS_TOKEN);
  if (response.status !== 200 || answer.imported !== ROWS)
    throw new Error(`the import answered ${response.status}: ${JSON.stringify(answer).slice(0, 500)}`);
  const peakRss = Math.max(peakSampled, peakOf(stash.pid));
  // The search vectors the import left out, filled by the links.fill-search-vectors job: waited for, so
  // that the baseline runs on a quiet database, and timed from the answer.
  const filledSeconds = await searchVectorsFilled(account.userId, started + seconds * 1000);

  const base = await baseline(rows);
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const fileMb = Buffer.byteLength(csv) / 1024 / 1024;
  const grownMb = peakRss - idleRss;
  const report = [
    '',
    `### ${date} UTC — \`npm run bench:imports\` (${ROWS.toLocaleString('en')} Pocket rows, ${fileMb.toFixed(1)} MB CSV, node ${process.version})`,
    '',
    `Load average at the start: ${load} (2 cores).`,
    '',
    '| measure | Stash (HTTP import) | baseline (INSERT of 1,000 rows) | ratio |',
    '| --- | --- | --- | --- |',
    `| seconds for all ${ROWS.toLocaleString('en')} rows (goal < 8) | ${seconds.toFixed(2)} | ${base.seconds.toFixed(2)} | ${(seconds / base.seconds).toFixed(2)} |`,
    `| rows a second | ${Math.round(ROWS / seconds).toLocaleString('en')} | ${Math.round(ROWS / base.seconds).toLocaleString('en')} | |`,
    `| CPU seconds: server process (all threads) + PostgreSQL | ${(serverCpu / 1000).toFixed(2)} + ${(postgresCpu / 1000).toFixed(2)} | 0 + ${(base.postgresCpu / 1000).toFixed(2)} | ${(postgresCpu / base.postgresCpu).toFixed(2)} (PostgreSQL) |`,
    `| seconds until the imported links' search vectors are filled, after the answer | ${filledSeconds.toFixed(2)} | | |`,
    `| event loop's longest delay (goal < 100 ms) | ${lagMs.toFixed(0)} ms (5 s idle before: ${idleLagMs.toFixed(0)} ms) | | |`,
    `| server RSS idle → peak (goal: growth < 2× the file) | ${Math.round(idleRss)} → ${Math.round(peakRss)} MB: +${Math.round(grownMb)} MB, ${(grownMb / fileMb).toFixed(1)}× the file | | |`,
    '',
  ].join('\n');
  publishReport(report);
} finally {
  await db.end();
  await stash.stop();
  await database.drop();
}

/**
 * CPU time (ms) of each PostgreSQL connection to the bench's database, by pid, but the bench's own:
 * the server's. Not autovacuum's, which the import's commit may start, and the baseline's does too.
 */
async function clientBackendsCpu() {
  const { rows } = await db.query(
    "select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()",
  );
  const cpu = new Map();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, cpuMsOf(pid));
    } catch {
      // Closed since: not counted.
    }
  }
  return cpu;
}

/** CPU spent between two readings; a connection opened in between counts from zero. */
function spentSince(before, after) {
  return [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
}

/** Seconds from `answeredAt` (performance.now()) until none of the user's links waits for its search vector. */
async function searchVectorsFilled(userId, answeredAt) {
  for (;;) {
    const {
      rows: [{ pending }],
    } = await db.query('select count(*)::int as pending from links where user_id = $1 and search_vector is null', [userId]);
    if (pending === 0) return (performance.now() - answeredAt) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The same rows for a second account, one multi-row INSERT per 1,000 rows, in one transaction: the
 * import's columns, imported_at (now()) included, so PostgreSQL leaves their search vectors out as it
 * does the import's (docs/links-and-pages.md, Search).
 */
async function baseline(rows) {
  const { userId } = await signedInAccount(stash.url, db, 'pro');
  const {
    rows: [{ pid }],
  } = await db.query('select pg_backend_pid() as pid');
  const cpuBefore = cpuMsOf(pid);
  const started = performance.now();
  await db.query('begin');
  for (let at = 0; at < rows.length; at += 1000) {
    const batch = rows.slice(at, at + 1000);
    const values = [];
    const tuples = batch.map((row, i) => {
      const url = row.url;
      const categories = row.tags.length > 0 ? row.tags.slice(0, 3) : ['Uncategorized'];
      values.push(
        userId,
        url,
        url.replace(/^https?:\/\//, 'https://').toLowerCase(),
        row.title || null,
        categories[0],
        JSON.stringify(categories),
        row.archived ? new Date() : null,
        new Date(row.timeAdded * 1000),
      );
      const p = i * 8;
      return `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}::jsonb, $${p + 7}::timestamptz, $${p + 8}::timestamptz, now())`;
    });
    await db.query(
      `insert into links (user_id, url, normalized_url, title, category, categories, read_at, created_at, imported_at) values ${tuples.join(', ')}`,
      values,
    );
  }
  await db.query('update users set link_count = link_count + $2 where id = $1', [userId, rows.length]);
  await db.query('commit');
  return { seconds: (performance.now() - started) / 1000, postgresCpu: cpuMsOf(pid) - cpuBefore };
}
