// `npm run bench:import-load` (docs/product/imports-exports.md): does one large import slow everyone else down?
// The built server runs in its own process against PostgreSQL; this process uploads a generated
// ~50 MB Pocket CSV to POST /api/import/pocket as the web app does (multipart), while autocannon,
// in a third process, asks for another signed-in user's My Stash page 1 (GET /api/links/history)
// until the import is answered. The same autocannon run with no import first gives the idle figures.
// The server's peak RSS during the import is read from /proc (VmHWM, reset just before), and the
// event loop's longest delay during it from /metrics (prom-client's, reset at each scrape).
// Usage: npm run bench:import-load [-- --rows 275000 --connections 4 --idle-seconds 10]
// Database: BENCH_DATABASE_URL or TEST_DATABASE_URL or the local postgres.
import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  eventLoopLagMaxMs,
  generateRows,
  measure,
  peakOf,
  pocketCsv,
  publishReport,
  rssOf,
  seedLinks,
  signedInAccount,
} from './support.mjs';
import { createBenchDatabase, ensureBuilt, startStash } from './stash-process.mjs';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '275000' },
    connections: { type: 'string', default: '4' },
    'idle-seconds': { type: 'string', default: '10' },
  },
});
const ROWS = Number(args.rows);
/** Another user's pages answered during the import, at least. */
const MIN_ANSWERED_DURING = 10;
ensureBuilt();
const database = await createBenchDatabase('import_load');
const METRICS_TOKEN = 'bench-import-load-metrics-token';
const stash = await startStash(database.url, { NODE_ENV: 'production', LOG_LEVEL: 'warn', READ_PAGES: 'off', METRICS_TOKEN });
const db = new pg.Client({ connectionString: database.url });
await db.connect();
const folder = mkdtempSync(path.join(tmpdir(), 'stash-import-load-'));

try {
  const file = path.join(folder, 'part_000000.csv');
  writeFileSync(file, pocketCsv(generateRows(ROWS)));
  const fileMb = (await openAsBlob(file)).size / 1024 / 1024;
  const importer = await signedInAccount(stash.url, db, 'pro');
  const reader = await signedInAccount(stash.url, db, 'pro');
  await seedLinks(db, reader.userId, 2000);
  const target = { url: `${stash.url}/api/links/history?page=1`, headers: reader.headers, connections: Number(args.connections) };

  await measure(target, { seconds: 2 }); // warm-up: JIT, pools
  const idle = await measure(target, { seconds: Number(args['idle-seconds']) });

  const idleLagMs = await eventLoopLagMaxMs(stash.url, METRICS_TOKEN); // since the last scrape: during the idle run
  const idleRss = rssOf(stash.pid);
  writeFileSync(`/proc/${stash.pid}/clear_refs`, '5'); // VmHWM from now on
  const load = measure(target, { untilStopped: true });
  const form = new FormData();
  form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'part_000000.csv');
  const started = performance.now();
  const response = await fetch(`${stash.url}/api/import/pocket`, { method: 'POST', headers: importer.headers, body: form });
  const answer = await response.json();
  const importSeconds = (performance.now() - started) / 1000;
  const peakRss = peakOf(stash.pid);
  const importLagMs = await eventLoopLagMaxMs(stash.url, METRICS_TOKEN);
  load.stop();
  const during = await load.result;
  if (response.status !== 200 || answer.imported !== ROWS)
    throw new Error(`the import answered ${response.status}: ${JSON.stringify(answer).slice(0, 500)}`);
  // The bound src/server/imports/routes.test.ts once asserted, a timing that belongs here: when the
  // file was parsed on the event loop, only one or two pages came back during an import.
  const answeredBound = during.requests.total >= MIN_ANSWERED_DURING ? 'holds' : 'FAILS';

  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const row = (name, r) =>
    `| ${name} | ${r.requests.total} in ${r.duration} s | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} | ${r.non2xx + r.errors} |`;
  const report = [
    '',
    `### ${date} UTC — \`npm run bench:import-load\` (${ROWS.toLocaleString('en')} Pocket rows, ${fileMb.toFixed(1)} MB CSV, ${target.connections} connections, node ${process.version})`,
    '',
    `Load average at the start: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')} (2 cores).`,
    '',
    "| another user's My Stash page 1 | answered | p50 ms | p99 ms | max ms | errors |",
    '| --- | --- | --- | --- | --- | --- |',
    row('idle', idle),
    row(`during the import (${importSeconds.toFixed(1)} s)`, during),
    '',
    `Bound: at least ${MIN_ANSWERED_DURING} pages answered during the import: ${answeredBound}.`,
    '',
    `The event loop's longest delay: ${idleLagMs.toFixed(0)} ms during the idle run, ${importLagMs.toFixed(0)} ms during the import.`,
    '',
    `Server RSS: ${Math.round(idleRss)} MB before the import, ${Math.round(peakRss)} MB at its peak during it: ${Math.round(peakRss - idleRss)} MB more, ${((peakRss - idleRss) / fileMb).toFixed(1)}× the file.`,
    '',
  ].join('\n');
  publishReport(report);
  if (answeredBound === 'FAILS') process.exitCode = 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
  await db.end();
  await stash.stop();
  await database.drop();
}
