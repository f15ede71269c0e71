// The baseline: a bare Fastify app on a plain pg pool, one route per scenario running the scenario's
// SQL, in a process of its own (as Stash is), so that neither shares a thread with autocannon.
// Each scenario's setup hands over plain data (`run.baseline`); the child builds the route from the
// scenario's own `baseline(data)` → { sql, params?, answer, type? } (`type`: the answer's content type).
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import pg from 'pg';
import { scenarios } from './scenarios/index.mjs';

const pathOf = (index) => `/baseline/${index}`;
export const BASELINE_APPLICATION = 'stash-bench-baseline';

/** Forks the baseline server for these runs; answers once it listens. */
export function startBaseline(databaseUrl, runs) {
  const child = fork(fileURLToPath(import.meta.url), { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const routes = runs.map((run) => ({ name: run.name, method: run.request.method, data: run.baseline }));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the baseline server exited (${code})`)));
    child.once('message', ({ port }) => {
      child.removeAllListeners('exit');
      resolve({
        url: `http://127.0.0.1:${port}`,
        pid: child.pid,
        pathOf,
        stop: () =>
          new Promise((done) => {
            child.once('exit', done);
            child.kill('SIGTERM');
          }),
      });
    });
    child.send({ databaseUrl, routes });
  });
}

async function serve({ databaseUrl, routes }) {
  // Named, so that the benchmark tells its PostgreSQL backends from Stash's.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, application_name: BASELINE_APPLICATION });
  const app = Fastify({ logger: false });
  for (const [index, route] of routes.entries()) {
    const { sql, params, answer, type } = scenarios.find((scenario) => scenario.name === route.name).baseline(route.data);
    app.route({
      method: route.method,
      url: pathOf(index),
      handler: async (_request, reply) => {
        const { rows } = await pool.query(sql, params ? params() : []);
        if (type) reply.type(type);
        return answer(rows);
      },
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.once('SIGTERM', async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
  process.once('disconnect', () => process.exit(0)); // the benchmark itself ended, however
  process.send({ port: app.server.address().port });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.once('message', serve);
