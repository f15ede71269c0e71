// `node bench/reading-load.mjs` (docs/product/links.md, Reading saved pages): while 1,000 imported links are being read, does another
// user's My Stash page 1 stay quick (goal: its p99 under 2× the idle p99)? The built server runs in
// its own process (ROLE=all: it reads the pages itself, as a single-process install does) against
// a database of its own, with ALLOW_PRIVATE_FETCH=on so it may read a page server on 127.0.0.1. The
// page server, in a second process, serves the 60 pages of bench/extraction-corpus.mjs (news with
// navigation and ads, long posts, docs, other scripts and charsets) at 1,000 addresses, with no
// network delay: the server's own work is all there is. One account imports a Pocket CSV of those
// 1,000 links; autocannon, in a third process, asks for another account's My Stash page 1 (idle
// first, then until the last page is read). Figures go to bench/RESULTS.md.
// Usage: node bench/reading-load.mjs [--links 1000 --connections 4 --rate 500 --idle-seconds 10]
// Database: BENCH_DATABASE_URL or TEST_DATABASE_URL or the local postgres.
import { execSync, spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { eventLoopLagMaxMs, measure, pocketCsv, publishReport, seedLinks, signedInAccount } from './support.mjs';
import { createBenchDatabase, ensureBuilt, startStash } from './stash-process.mjs';

const { values: args } = parseArgs({
  // --rate N: N requests a second in all (autocannon's overallRate), as many people browsing would
  // send, instead of as many as the server answers (which leaves it no idle time at all).
  options: {
    links: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '4' },
    rate: { type: 'string' },
    'idle-seconds': { type: 'string', default: '10' },
  },
});
const LINKS = Number(args.links);
const METRICS_TOKEN = 'bench-reading-load-metrics-token';

ensureBuilt();
const pages = await startPageServer();
const database = await createBenchDatabase('reading_load');
const stash = await startStash(database.url, {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  READ_PAGES: 'on',
  ALLOW_PRIVATE_FETCH: 'on',
  METRICS_TOKEN,
});
const db = new pg.Client({ connectionString: database.url });
await db.connect();

try {
  const importer = await signedInAccount(stash.url, db, 'pro');
  const reader = await signedInAccount(stash.url, db, 'pro');
  await seedLinks(db, reader.userId, 2000);
  const target = {
    url: `${stash.url}/api/links/history?page=1`,
    headers: reader.headers,
    connections: Number(args.connections),
    ...(args.rate && { overallRate: Number(args.rate) }),
  };

  await measure(target, { seconds: 2 }); // warm-up: JIT, pools
  const loadIdle = execSync('uptime').toString().trim();
  const idle = await measure(target, { seconds: Number(args['idle-seconds']) });
  const idleLagMs = await eventLoopLagMaxMs(stash.url, METRICS_TOKEN); // since the last scrape: during the idle run

  const start = Math.floor(Date.now() / 1000) - LINKS * 60;
  const rows = Array.from({ length: LINKS }, (_, i) => ({
    title: '',
    url: `${pages.url}/page/${i}`,
    timeAdded: start + i * 60,
    tags: [],
    archived: false,
  }));
  const form = new FormData();
  form.append('file', new Blob([pocketCsv(rows)], { type: 'text/csv' }), 'part_000000.csv');
  const load = measure(target, { untilStopped: true });
  const started = performance.now();
  const response = await fetch(`${stash.url}/api/import/pocket`, { method: 'POST', headers: importer.headers, body: form });
  const answer = await response.json();
  if (response.status !== 200 || answer.imported !== LINKS)
    throw new Error(`the import answered ${response.status}: ${JSON.stringify(answer).slice(0, 500)}`);
  // The reads are queued just after the answer (the links turn pending): done once none is pending.
  const pending = async () =>
    (await db.query(`select count(*)::int as n from links where user_id = $1 and content_status = 'pending'`, [importer.userId])).rows[0].n;
  for (let tries = 0; (await pending()) === 0; tries++) {
    if (tries > 200) throw new Error('the imported links were never queued for reading');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 250));
  const readingSeconds = (performance.now() - started) / 1000;
  const readingLagMs = await eventLoopLagMaxMs(stash.url, METRICS_TOKEN);
  load.stop();
  const during = await load.result;
  const loadDuring = execSync('uptime').toString().trim();
  // Idle again: on a shared machine, the other helpers' load moves between the runs.
  const idleAfter = await measure(target, { seconds: Number(args['idle-seconds']) });
  const { rows: outcome } = await db.query(
    `select content_status, count(*)::int as links from links where user_id = $1 group by content_status order by content_status`,
    [importer.userId],
  );

  const row = (name, r) =>
    `| ${name} | ${r.requests.total} in ${r.duration} s | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} | ${r.non2xx + r.errors} |`;
  const report = [
    '',
    `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — \`node bench/reading-load.mjs\` (${LINKS.toLocaleString('en')} imported links read, ${target.connections} connections${args.rate ? `, ${args.rate} requests a second` : ''}, node ${process.version})`,
    '',
    `Load before the idle run: \`${loadIdle}\`; after the reading: \`${loadDuring}\`.`,
    `The ${LINKS.toLocaleString('en')} pages read in ${readingSeconds.toFixed(1)} s from the import's start (${(LINKS / readingSeconds).toFixed(1)} pages a second); the links' state after: ${outcome.map((r) => `${r.content_status} ${r.links}`).join(', ')}.`,
    '',
    "| another user's My Stash page 1 | answered | p50 ms | p99 ms | max ms | errors |",
    '| --- | --- | --- | --- | --- | --- |',
    row('idle', idle),
    row('while the pages are read', during),
    row('idle again, after', idleAfter),
    '',
    `p99 while reading: ${(during.latency.p99 / idle.latency.p99).toFixed(2)}× the first idle run's, ${(during.latency.p99 / idleAfter.latency.p99).toFixed(2)}× the second's (goal: under 2×).`,
    `The event loop's longest delay: ${idleLagMs.toFixed(0)} ms idle, ${readingLagMs.toFixed(0)} ms while reading.`,
    '',
  ].join('\n');
  publishReport(report);
} finally {
  await db.end();
  await stash.stop();
  await database.drop();
  pages.stop();
}

/** The corpus served by a process of its own: /page/N is page N modulo 60, with its own Content-Type and bytes. */
async function startPageServer() {
  const script = `
    import { createServer } from 'node:http';
    import { extractionCorpus } from './extraction-corpus.mjs';
    const corpus = extractionCorpus();
    const server = createServer((request, response) => {
      const page = corpus[Number(/\\/page\\/(\\d+)/.exec(request.url)?.[1] ?? 0) % corpus.length];
      response.writeHead(200, { 'content-type': page.contentType }).end(page.body);
    });
    server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: import.meta.dirname,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve) => child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim()))));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}
