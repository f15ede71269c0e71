// `npm run bench`: the built server and the baseline, on one PostgreSQL, each in a process of its own,
// driven in turn by autocannon in this third process.
// Usage: npm run bench [-- --duration 10] [-- --only history] [-- --compare ../other-checkout] ;
// database: BENCH_DATABASE_URL or TEST_DATABASE_URL or local postgres. --compare drives another
// checkout's build (built there first, with the same migrations) in the same rounds, as a third process.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { BASELINE_APPLICATION, startBaseline } from './baseline-server.mjs';
import { scenarios as allScenarios } from './scenarios/index.mjs';
import { createBenchDatabase, ensureBuilt, startStash } from './stash-process.mjs';
import { cpuMsOf, postgresCpuOf, postgresCpuSpent } from './support.mjs';

// Each scenario's setup seeds what it needs and signs in; it answers the request to drive and the data of its baseline.
const { values: args } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, only: { type: 'string' }, compare: { type: 'string' } },
});
const scenarios = allScenarios.filter((scenario) => !args.only || scenario.name.includes(args.only));
const duration = Number(args.duration);
const ROUNDS = 5;
ensureBuilt();
const database = await createBenchDatabase('http');
const databaseUrl = database.url;
const sessionSecret = randomBytes(32).toString('hex'); // one for both builds: a session signed in on one is valid on the other
// As a production deployment runs it: NODE_ENV=production (React's development build renders the
// server-rendered pages several times slower) and info-level request logs.
const production = { NODE_ENV: 'production', LOG_LEVEL: 'info', SESSION_SECRET: sessionSecret };
const stash = await startStash(databaseUrl, production);
// The scenarios' requests carry this build's origin: the other build is told it is that site too.
const other = args.compare ? await startStash(databaseUrl, { ...production, APP_URL: stash.url }, args.compare) : undefined;
const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const runs = [];
for (const scenario of scenarios) runs.push({ ...scenario, ...(await scenario.setup({ db, stashUrl: stash.url })) });
await db.end();
const baseline = await startBaseline(databaseUrl, runs);
// Reads which PostgreSQL backends serve whom, for the CPU each side spends a request.
const observer = new pg.Client({ connectionString: databaseUrl });
await observer.connect();
try {
  console.log(
    `\n${new Date().toISOString().slice(0, 10)} · ${duration} s each, in ${ROUNDS} alternating rounds · node ${process.version}\n`,
  );
  // CPU time a request is what a loaded machine bends least: the same work counts the same however long it waited for a core.
  if (other) console.log(`The row after each scenario's is the same scenario on ${args.compare}'s build, in the same rounds.\n`);
  console.log(
    '| scenario | conns | Stash req/s | baseline req/s | ratio | Stash p50 / p99 ms | baseline p50 / p99 ms | CPU a request, server + PostgreSQL ms: Stash / baseline |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [index, run] of runs.entries()) {
    const baselineRun = { ...run, request: { ...run.request, path: baseline.pathOf(index) } };
    await drive(baseline.url, baselineRun, 2); // warm-up of both, so neither pays JIT or pool start in the timed run
    await drive(stash.url, run, 2);
    // Turn and turn about, so a slower or faster spell of this shared machine falls on both alike.
    if (other) await drive(other.url, run, 2);
    const ours = [];
    const base = [];
    const theirs = [];
    for (let round = 0; round < ROUNDS; round++) {
      ours.push(await measured(stash.pid, `!${BASELINE_APPLICATION}`, () => drive(stash.url, run, duration / ROUNDS)));
      base.push(await measured(baseline.pid, BASELINE_APPLICATION, () => drive(baseline.url, baselineRun, duration / ROUNDS)));
      // Both builds' backends share an application name; only the one being driven is busy meanwhile.
      if (other) theirs.push(await measured(other.pid, `!${BASELINE_APPLICATION}`, () => drive(other.url, run, duration / ROUNDS)));
    }
    const baseRate = rate(base);
    const row = (name, results) =>
      `| ${name} | ${run.connections} | ${Math.round(rate(results))} | ${Math.round(baseRate)} | ${(rate(results) / baseRate).toFixed(2)} | ${latencies(results)} | ${latencies(base)} | ${cpuPerRequest(results)} / ${cpuPerRequest(base)} |`;
    console.log(row(run.name, ours));
    if (other) console.log(row(`${run.name} (${args.compare})`, theirs));
    for (const [name, results] of [
      ['Stash', ours],
      [args.compare, theirs],
    ]) {
      const failed = results.reduce((sum, result) => sum + result.non2xx + result.errors, 0);
      if (failed) console.log(`  (${name}: ${failed} non-2xx answers or errors)`);
    }
  }
} finally {
  await observer.end();
  await baseline.stop();
  await stash.stop();
  await other?.stop();
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

/** A run of `drive` with the CPU time its server process and that server's PostgreSQL backends spent meanwhile. */
async function measured(pid, applicationName, drive) {
  const [serverBefore, postgresBefore] = [cpuMsOf(pid), await postgresCpuOf(observer, applicationName)];
  const result = await drive();
  const [serverAfter, postgresAfter] = [cpuMsOf(pid), await postgresCpuOf(observer, applicationName)];
  return { ...result, cpu: { server: serverAfter - serverBefore, postgres: postgresCpuSpent(postgresBefore, postgresAfter) } };
}

/** "server + PostgreSQL" ms of CPU a request over all rounds. */
function cpuPerRequest(results) {
  const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
  const [server, postgres] = ['server', 'postgres'].map((side) => results.reduce((sum, result) => sum + result.cpu[side], 0) / requests);
  return `${server.toFixed(2)} + ${postgres.toFixed(2)}`;
}

function drive(url, run, seconds) {
  const { path, ...request } = run.request;
  return autocannon({ url: url + path, ...request, connections: run.connections, duration: seconds });
}
