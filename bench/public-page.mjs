// `npm run bench:public-page`: a published category's page as the public reads it (docs/sharing.md,
// The pages) — GET /@<handle>/<slug>, the first page of a category of 1,000 links as a phone asks
// for it — against a bare Fastify route on a plain pg pool selecting the same rows and answering a
// minimal HTML list (bench/scenarios/public-page.mjs, bench/baseline-server.mjs). Goal: at least
// 0.5 of the baseline's requests a second, for the page and for its Atom and RSS feeds (…/feed.xml, …/feed.rss). The built server and the baseline each in a process of
// their own, on the same database; autocannon in a third (support.mjs measure()), in alternating
// rounds so a slower spell of the shared machine falls on both alike. The account, handle and
// publishing go through the API; the links are seeded in SQL. The report is appended to
// bench/RESULTS.md only at the goal's size (1,000 links); other sizes are printed.
// Usage: npm run bench:public-page [-- --links 1000 --duration 10]
// Database: BENCH_DATABASE_URL or TEST_DATABASE_URL or the local postgres.
import { execSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BASELINE_APPLICATION, startBaseline } from './baseline-server.mjs';
import scenario from './scenarios/public-page.mjs';
import { createBenchDatabase, ensureBuilt, startStash } from './stash-process.mjs';
import { cpuMsOf, measure, postgresCpuOf, postgresCpuSpent, publishReport } from './support.mjs';

const { values: args } = parseArgs({
  options: { links: { type: 'string', default: '1000' }, duration: { type: 'string', default: '10' } },
});
const LINKS = Number(args.links);
const DURATION = Number(args.duration);
const ROUNDS = 5;
const GOAL_SIZE = 1000;

ensureBuilt();
const database = await createBenchDatabase('public_page');
// As a production deployment runs it: React's development build renders several times slower; info-level request logs.
const stash = await startStash(database.url, { NODE_ENV: 'production', LOG_LEVEL: 'info', READ_PAGES: 'off' });
const db = new pg.Client({ connectionString: database.url });
await db.connect();
let baseline;

try {
  const run = { ...scenario, ...(await scenario.setup({ db, stashUrl: stash.url, links: LINKS })) };
  baseline = await startBaseline(database.url, [run]);
  const { path, ...request } = run.request;
  const targets = {
    stash: { url: stash.url + path, ...request, connections: run.connections },
    baseline: { url: baseline.url + baseline.pathOf(0), ...request, connections: run.connections },
    // The Atom and RSS feeds of the same category (its last 50 links), against the same baseline.
    feed: {
      url: `${stash.url + path}/feed.xml`,
      ...request,
      headers: { ...request.headers, accept: 'application/atom+xml' },
      connections: run.connections,
    },
    rss: {
      url: `${stash.url + path}/feed.rss`,
      ...request,
      headers: { ...request.headers, accept: 'application/rss+xml' },
      connections: run.connections,
    },
  };
  const shown = {
    stash: await linksShown(targets.stash),
    baseline: await linksShown(targets.baseline),
    feed: (await (await fetch(targets.feed.url)).text()).match(/<entry>/g)?.length ?? 0,
    rss: (await (await fetch(targets.rss.url)).text()).match(/<item>/g)?.length ?? 0,
  };
  if (shown.stash !== Math.min(20, LINKS)) throw new Error(`the public page shows ${shown.stash} links, not ${Math.min(20, LINKS)}`);

  // Warm-up of both, so neither pays JIT or pool start in the timed rounds.
  await measure(targets.baseline, { seconds: 2 });
  await measure(targets.stash, { seconds: 2 });
  await measure(targets.feed, { seconds: 2 });
  await measure(targets.rss, { seconds: 2 });
  const results = { stash: [], baseline: [], feed: [], rss: [] };
  for (let round = 0; round < ROUNDS; round++) {
    results.stash.push(await measured(stash.pid, `!${BASELINE_APPLICATION}`, targets.stash));
    results.baseline.push(await measured(baseline.pid, BASELINE_APPLICATION, targets.baseline));
    results.feed.push(await measured(stash.pid, `!${BASELINE_APPLICATION}`, targets.feed));
    results.rss.push(await measured(stash.pid, `!${BASELINE_APPLICATION}`, targets.rss));
  }

  const load = execSync('uptime').toString().trim();
  const ratio = rate(results.stash) / rate(results.baseline);
  const feedRatio = rate(results.feed) / rate(results.baseline);
  const rssRatio = rate(results.rss) / rate(results.baseline);
  const row = (name, side) =>
    `| ${name} | ${Math.round(rate(results[side]))} | ${latencies(results[side])} | ${cpuPerRequest(results[side])} | ${shown[side]} | ${failures(results[side])} |`;
  const report = [
    '',
    `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} — \`node bench/public-page.mjs${LINKS === GOAL_SIZE ? '' : ` --links ${LINKS}`}\` (a public category's page; node ${process.version})`,
    '',
    `GET ${path.replace(/^\/@[^/]+/, '/@<handle>')} (page 1) of a published category of ${LINKS.toLocaleString('en')} links, ${run.connections} connections,`,
    `${DURATION} s each side in ${ROUNDS} alternating rounds. Commit ${execSync('git rev-parse --short HEAD').toString().trim()}. Machine load at the end: \`${load}\`.`,
    '',
    '| side | req/s | p50 / p99 ms | CPU a request, server + PostgreSQL ms | links shown | non-2xx or errors |',
    '| --- | --- | --- | --- | --- | --- |',
    row('Stash', 'stash'),
    row('bare Fastify + pg, minimal HTML', 'baseline'),
    row('Stash, the Atom feed (…/feed.xml, 50 entries)', 'feed'),
    row('Stash, the RSS feed (…/feed.rss, 50 items)', 'rss'),
    '',
    `Ratio: **${ratio.toFixed(2)}** of the baseline's requests a second (goal ≥ 0.5); the Atom feed **${feedRatio.toFixed(2)}**, the RSS feed **${rssRatio.toFixed(2)}**.`,
    '',
  ].join('\n');
  if (LINKS === GOAL_SIZE) publishReport(report);
  else console.log(`${report}\n(not added to bench/RESULTS.md: --links ${LINKS} is not the goal's ${GOAL_SIZE})`);
} finally {
  await db.end();
  await baseline?.stop();
  await stash.stop();
  await database.drop();
}

/** One page as the phone gets it: how many links it lists (a check that both answer the same page). */
async function linksShown(target) {
  const response = await fetch(target.url, { headers: target.headers });
  const html = await response.text();
  if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/html'))
    throw new Error(`${target.url} answered ${response.status} ${response.headers.get('content-type')}`);
  return html.match(/rel="ugc nofollow"/g)?.length ?? 0;
}

/** A round of autocannon with the CPU time its server process and that server's PostgreSQL backends spent meanwhile. */
async function measured(pid, applicationName, target) {
  const [serverBefore, postgresBefore] = [cpuMsOf(pid), await postgresCpuOf(db, applicationName)];
  const result = await measure(target, { seconds: DURATION / ROUNDS });
  const [serverAfter, postgresAfter] = [cpuMsOf(pid), await postgresCpuOf(db, applicationName)];
  return { ...result, cpu: { server: serverAfter - serverBefore, postgres: postgresCpuSpent(postgresBefore, postgresAfter) } };
}

function rate(results) {
  return results.reduce((sum, result) => sum + result.requests.total, 0) / results.reduce((sum, result) => sum + result.duration, 0);
}

/** The rounds' median p50 and worst p99. */
function latencies(results) {
  const p50s = results.map((result) => result.latency.p50).sort((a, b) => a - b);
  return `${p50s[Math.floor(p50s.length / 2)]} / ${Math.max(...results.map((result) => result.latency.p99))}`;
}

function cpuPerRequest(results) {
  const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
  const [server, postgres] = ['server', 'postgres'].map((side) => results.reduce((sum, result) => sum + result.cpu[side], 0) / requests);
  return `${server.toFixed(2)} + ${postgres.toFixed(2)}`;
}

function failures(results) {
  return results.reduce((sum, result) => sum + result.non2xx + result.errors, 0);
}
