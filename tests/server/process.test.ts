import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { jobPayloads } from '../../src/server/jobs/payloads';
import { startServer } from '../support/server-process';

describe('the server process', () => {
  it('refuses to start on an invalid setting and names the variable', async () => {
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      env: { PATH: process.env.PATH, PORT: 'eighty', BILLING: 'sometimes' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(78);
    expect(stderr).toMatch(/PORT:/);
    expect(stderr).toMatch(/BILLING:/);
  });

  it('logs an error it cannot get past as JSON with its stack, then exits 1', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'stash-unreachable-'));
    try {
      // Nothing listens on port 1: the database is unreachable from the first query on.
      const child = spawn(process.execPath, ['dist/server/main.js'], {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          DATABASE_URL: 'postgres://postgres@127.0.0.1:1/stash',
          SESSION_SECRET: 'a-session-secret-of-enough-length-0123456789',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      const fatal = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { code?: string; stack?: string } });
      expect(fatal).toEqual([
        expect.objectContaining({
          level: 60,
          msg: 'Stash could not start',
          err: expect.objectContaining({ code: 'ECONNREFUSED', stack: expect.stringContaining('runMigrations') }),
        }),
      ]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  // How long it takes is measured by bench/shutdown.mjs (npm run bench:shutdown), not here.
  it('on SIGTERM finishes the request in flight, then exits cleanly', async () => {
    const server = await startServer({ LOG_LEVEL: 'info' });
    try {
      const exited = new Promise((resolve) => server.process.once('exit', resolve));
      const { port } = new URL(server.url);
      // A request whose body is still arriving when the signal comes.
      const answer = new Promise<number>((resolve, reject) => {
        const headers = { 'content-type': 'application/json', 'content-length': 13 };
        const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/not-a-route', headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
        req.write('{"slow":');
        setTimeout(() => {
          server.process.kill('SIGTERM');
          setTimeout(() => req.end('true}'), 300);
        }, 100);
      });

      expect(await answer).toBe(404);
      expect(await exited).toBe(0);
      expect(server.output()).toContain('shutting down');
    } finally {
      await server.stop();
    }
  });

  it("builds an embedded database with every migration and the job queue's tables, which a first start copies", async () => {
    const copy = await mkdtemp(path.join(tmpdir(), 'stash-template-'));
    try {
      await cp('dist/embedded-database-template', copy, { recursive: true });
      const pglite = await PGlite.create(copy);
      const applied = await pglite.query<{ count: number }>('select count(*)::int as count from drizzle.__drizzle_migrations');
      const queues = await pglite.query<{ name: string }>('select name from pgboss.queue');
      const installSecrets = await pglite.query<{ count: number }>('select count(*)::int as count from link_signing_keys');
      await pglite.close();
      const journal = JSON.parse(await readFile('src/server/db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] };
      expect(applied.rows[0].count).toBe(journal.entries.length);
      expect(queues.rows.map((row) => row.name).sort()).toEqual(Object.keys(jobPayloads).sort());
      // Each install makes its own when it first starts.
      expect(installSecrets.rows[0].count).toBe(0);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }

    const server = await startServer({}, { embedded: true });
    try {
      const answer = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'not the password' }),
      });
      expect(answer.status).toBe(401);
    } finally {
      await server.stop();
    }
  });
});
