// What every benchmark does around its measurements: a fresh build, a database of its own on the
// PostgreSQL server, and the built Stash server started against it.
import { execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildIsStale } from '../scripts/build-state.mjs';

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function ensureBuilt() {
  if (buildIsStale()) execSync('npm run build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

/** A new database named after the benchmark; `drop()` removes it, connections and all. */
export async function createBenchDatabase(name) {
  const database = `stash_bench_${name}_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${database}`);
  return {
    url: Object.assign(new URL(postgresUrl), { pathname: `/${database}` }).toString(),
    drop: () => admin(`drop database if exists ${database} with (force)`),
  };
}

/**
 * dist/server/main.js on a free port (ROLE=all), answering once /api/health does; `env` adds to or
 * overrides the defaults. STASH_NODE_ARGS adds Node flags to the server alone (e.g. `--cpu-prof`).
 * `checkout`: another checkout's build to start instead of this one's (run.mjs --compare).
 */
export async function startStash(databaseUrl, env = {}, checkout = '.') {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...(process.env.STASH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), path.join(checkout, 'dist/server/main.js')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: databaseUrl,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'stash-bench-')),
        SESSION_SECRET: randomBytes(32).toString('hex'),
        ROLE: 'all',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'], // its logs are written, as in production, but not shown
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

export function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function admin(statement) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
