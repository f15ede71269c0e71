// `npm run bench`: the built server and the baseline, on one PostgreSQL, driven by autocannon in the same run.
// Usage: npm run bench [-- --duration 10] [-- --only history] ; database: BENCH_DATABASE_URL or TEST_DATABASE_URL or local postgres.
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { startBaseline } from './baseline-server.mjs';
import health from './scenarios/health.mjs';
import { firstPage, page400 } from './scenarios/links-history.mjs';
import { manyUsers, oneUser } from './scenarios/links-save.mjs';
import search from './scenarios/links-search.mjs';
import { createBenchDatabase, ensureBuilt, startStash } from './stash-process.mjs';

// Each scenario's setup seeds what it needs and signs in; it answers the request to drive and its baseline.
const { values: args } = parseArgs({ options: { duration: { type: 'string', default: '10' }, only: { type: 'string' } } });
const scenarios = [health, manyUsers, oneUser, firstPage, page400, search].filter((scenario) => !args.only || scenario.name.includes(args.only));
const duration = Number(args.duration);
ensureBuilt();
const database = await createBenchDatabase('http');
const databaseUrl = database.url;
// info-level request logs, as in production
const stash = await startStash(databaseUrl, { LOG_LEVEL: 'info' });
const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const runs = [];
for (const scenario of scenarios) runs.push({ ...scenario, ...(await scenario.setup({ db, stashUrl: stash.url })) });
await db.end();
const baseline = await startBaseline(databaseUrl, runs);
try {
  console.log(`\n${new Date().toISOString().slice(0, 10)} · ${duration} s per run · node ${process.version}\n`);
  console.log('| scenario | conns | Stash req/s | baseline req/s | ratio | Stash p50 / p99 ms | baseline p50 / p99 ms |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [index, run] of runs.entries()) {
    const baselineRun = { ...run, request: { ...run.request, path: baseline.pathOf(index) } };
    await drive(baseline.url, baselineRun, 2); // warm-up of both, so neither pays JIT or pool start in the timed run
    await drive(stash.url, run, 2);
    const ours = await drive(stash.url, run, duration);
    const base = await drive(baseline.url, baselineRun, duration);
    const ratio = ours.requests.average / base.requests.average;
    console.log(
      `| ${run.name} | ${run.connections} | ${Math.round(ours.requests.average)} | ${Math.round(base.requests.average)} | ${ratio.toFixed(2)} | ${ours.latency.p50} / ${ours.latency.p99} | ${base.latency.p50} / ${base.latency.p99} |`,
    );
    if (ours.non2xx || ours.errors) console.log(`  (Stash: ${ours.non2xx} non-2xx, ${ours.errors} errors)`);
  }
} finally {
  await baseline.stop();
  await stash.stop();
  await database.drop();
}

function drive(url, run, seconds) {
  const { path, ...request } = run.request;
  return autocannon({ url: url + path, ...request, connections: run.connections, duration: seconds });
}



