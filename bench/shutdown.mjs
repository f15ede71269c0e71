// `npm run bench:shutdown`: how long SIGTERM takes to stop the built server while a request is in
// flight (its body still arriving when the signal comes). tests/server/process.test.ts proves what
// happens (the request is answered, the process exits 0); the time is measured here, as timings on a
// busy machine do not belong in tests. Budget: 10 s, what docs/operations.md tells orchestrators to
// allow beyond SHUTDOWN_GRACE_SECONDS; the script exits 1 over it.
// Usage: npm run bench:shutdown [-- --runs 5]
// Database: BENCH_DATABASE_URL or TEST_DATABASE_URL or the local postgres.
import http from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createBenchDatabase, ensureBuilt, startStash } from './stash-process.mjs';

const BUDGET_MS = 10_000;
const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
ensureBuilt();
const database = await createBenchDatabase('shutdown');

/** One start and stop: milliseconds from SIGTERM to the process's exit, with its exit code and the request's status. */
async function oneShutdown() {
  const stash = await startStash(database.url, { NODE_ENV: 'production', LOG_LEVEL: 'warn', READ_PAGES: 'off' });
  const { port } = new URL(stash.url);
  let signalledAt = 0;
  let exited;
  const status = await new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'content-length': 13 };
    const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/not-a-route', headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
    });
    request.on('error', reject);
    request.write('{"slow":');
    setTimeout(() => {
      signalledAt = performance.now();
      exited = stash.stop();
      setTimeout(() => request.end('true}'), 300);
    }, 100);
  });
  const code = await exited;
  return { ms: performance.now() - signalledAt, code, status };
}

try {
  const runs = [];
  for (let i = 0; i < Number(args.runs); i++) runs.push(await oneShutdown());
  const times = runs.map((run) => run.ms).sort((a, b) => a - b);
  const slowest = times.at(-1);
  const clean = runs.every((run) => run.code === 0 && run.status === 404);
  console.log(
    [
      `SIGTERM to exit with a request in flight, ${runs.length} runs (load ${loadavg()[0].toFixed(2)}):`,
      `  median ${Math.round(times[Math.floor(times.length / 2)])} ms, slowest ${Math.round(slowest)} ms (budget ${BUDGET_MS} ms)`,
      `  every request answered and every exit clean: ${clean ? 'yes' : 'NO'}`,
    ].join('\n'),
  );
  process.exitCode = clean && slowest <= BUDGET_MS ? 0 : 1;
} finally {
  await database.drop();
}
