// `npm run bench`: the built server and the baseline, on one PostgreSQL, each in a process of its own,
// driven in turn by autocannon in this third process.
// Usage: npm run bench [-- --duration 10] [-- --only history] ; database: BENCH_DATABASE_URL or TEST_DATABASE_URL or local postgres.
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { startBaseline } from './baseline-server.mjs';
import { scenarios as allScenarios } from './scenarios/index.mjs';
import { createBenchDatabase, ensureBuilt, startStash } from './stash-process.mjs';

// Each scenario's setup seeds what it needs and signs in; it answers the request to drive and the data of its baseline.
const { values: args } = parseArgs({ options: { duration: { type: 'string', default: '10' }, only: { type: 'string' } } });
const scenarios = allScenarios.filter((scenario) => !args.only || scenario.name.includes(args.only));
const duration = Number(args.duration);
const ROUNDS = 5;
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
  console.log(`\n${new Date().toISOString().slice(0, 10)} · ${duration} s each, in ${ROUNDS} alternating rounds · node ${process.version}\n`);
  console.log('| scenario | conns | Stash req/s | baseline req/s | ratio | Stash p50 / p99 ms | baseline p50 / p99 ms |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [index, run] of runs.entries()) {
    const baselineRun = { ...run, request: { ...run.request, path: baseline.pathOf(index) } };
    await drive(baseline.url, baselineRun, 2); // warm-up of both, so neither pays JIT or pool start in the timed run
    await drive(stash.url, run, 2);
    // Turn and turn about, so a slower or faster spell of this shared machine falls on both alike.
    const ours = [];
    const base = [];
    for (let round = 0; round < ROUNDS; round++) {
      ours.push(await drive(stash.url, run, duration / ROUNDS));
      base.push(await drive(baseline.url, baselineRun, duration / ROUNDS));
    }
    const [oursRate, baseRate] = [rate(ours), rate(base)];
    console.log(
      `| ${run.name} | ${run.connections} | ${Math.round(oursRate)} | ${Math.round(baseRate)} | ${(oursRate / baseRate).toFixed(2)} | ${latencies(ours)} | ${latencies(base)} |`,
    );
    const failed = ours.reduce((sum, result) => sum + result.non2xx + result.errors, 0);
    if (failed) console.log(`  (Stash: ${failed} non-2xx answers or errors)`);
  }
} finally {
  await baseline.stop();
  await stash.stop();
  await database.drop();
}

/** Requests a second over all rounds. */
function rate(results) {
  return results.reduce((sum, result) => sum + result.requests.total, 0) / results.reduce((sum, result) => sum + result.duration, 0);
}

/** The rounds' median p50 and worst p99. */
function latencies(results) {
  const p50s = results.map((result) => result.latency.p50).sort((a, b) => a - b);
  return `${p50s[Math.floor(p50s.length / 2)]} / ${Math.max(...results.map((result) => result.latency.p99))}`;
}

function drive(url, run, seconds) {
  const { path, ...request } = run.request;
  return autocannon({ url: url + path, ...request, connections: run.connections, duration: seconds });
}
