// `npm run bench`: the built server and the baseline, on one PostgreSQL, driven by autocannon in the same run.
// Usage: npm run bench [-- --duration 10] [-- --only history] ; database: BENCH_DATABASE_URL or TEST_DATABASE_URL or local postgres.
import { spawn, execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildIsStale } from '../scripts/build-state.mjs';
import { startBaseline } from './baseline-server.mjs';
import health from './scenarios/health.mjs';
import { firstPage, page400 } from './scenarios/links-history.mjs';
import { manyUsers, oneUser } from './scenarios/links-save.mjs';
import search from './scenarios/links-search.mjs';

// Each scenario's setup seeds what it needs and signs in; it answers the request to drive and its baseline.
const { values: args } = parseArgs({ options: { duration: { type: 'string', default: '10' }, only: { type: 'string' } } });
const scenarios = [health, manyUsers, oneUser, firstPage, page400, search].filter((scenario) => !args.only || scenario.name.includes(args.only));
const duration = Number(args.duration);
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

if (buildIsStale()) execSync('npm run build', { stdio: 'inherit' });

const dbName = `stash_bench_${randomBytes(4).toString('hex')}`;
await admin(`create database ${dbName}`);
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();

const stash = await startStash(databaseUrl);
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
  await admin(`drop database if exists ${dbName} with (force)`);
}

function drive(url, run, seconds) {
  const { path, ...request } = run.request;
  return autocannon({ url: url + path, ...request, connections: run.connections, duration: seconds });
}

async function startStash(databaseUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_URL: `http://127.0.0.1:${port}`, DATABASE_URL: databaseUrl, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'stash-bench-')), LOG_LEVEL: 'info', ROLE: 'all' },
    stdio: ['ignore', 'ignore', 'inherit'], // info-level request logs, as in production, written but not shown
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop: () => new Promise((resolve) => { child.once('exit', resolve); child.kill('SIGTERM'); }) };
}

function freePort() {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function admin(statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}
