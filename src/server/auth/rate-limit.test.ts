import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { admit } from './rate-limit';
import type { RateLimiter } from './rate-limiter';
import { postgresRateLimiter } from './rate-limit-postgres';
import { redisRateLimiter } from './rate-limit-redis';

/** The same behaviour from both stores. */
function limiterContract(name: string, make: () => RateLimiter | Promise<RateLimiter>) {
  describe(name, () => {
    let limiter: RateLimiter;
    beforeAll(async () => {
      limiter = await make();
    });
    afterAll(() => limiter?.close());
    let keys = 0;
    const key = () => `test:${name}:${Date.now()}:${++keys}`;

    it('allows at most the limit in a window, then says how long to wait', async () => {
      const k = key();
      const rules = [{ limit: 100, windowSeconds: 3600 }];
      for (let i = 0; i < 100; i++) expect((await limiter.attempt(k, rules)).allowed).toBe(true);
      const refused = await limiter.attempt(k, rules);
      expect(refused).toMatchObject({ allowed: false });
      expect(refused.allowed || refused.retryAfterSeconds).toBeGreaterThan(3590);
    });

    it('counts concurrent attempts exactly', async () => {
      const k = key();
      const results = await Promise.all(Array.from({ length: 20 }, () => limiter.attempt(k, [{ limit: 7, windowSeconds: 60 }])));
      expect(results.filter((r) => r.allowed)).toHaveLength(7);
    });

    it('frees a slot when an attempt is released', async () => {
      const k = key();
      const rules = [{ limit: 1, windowSeconds: 60 }];
      const first = await limiter.attempt(k, rules);
      expect((await limiter.attempt(k, rules)).allowed).toBe(false);
      if (first.allowed) await first.release();
      expect((await limiter.attempt(k, rules)).allowed).toBe(true);
    });

    it('counts afresh once the window has ended', async () => {
      const k = key();
      const rules = [{ limit: 2, windowSeconds: 1 }];
      await limiter.attempt(k, rules);
      await limiter.attempt(k, rules);
      const refused = await limiter.attempt(k, rules);
      expect(refused).toMatchObject({ allowed: false });
      // Retry-After says when the window ends; from then on the key has its whole limit again.
      await new Promise((r) => setTimeout(r, (refused.allowed ? 0 : refused.retryAfterSeconds) * 1000 + 100));
      expect((await limiter.attempt(k, rules)).allowed).toBe(true);
      expect((await limiter.attempt(k, rules)).allowed).toBe(true);
      expect((await limiter.attempt(k, rules)).allowed).toBe(false);
    });

    it('keeps every rule: a burst limit and a longer one on the same key', async () => {
      const k = key();
      const burst = { limit: 2, windowSeconds: 60 };
      const hour = { limit: 3, windowSeconds: 3600 };
      expect((await limiter.attempt(k, [burst, hour])).allowed).toBe(true);
      expect((await limiter.attempt(k, [burst, hour])).allowed).toBe(true);
      const refused = await limiter.attempt(k, [burst, hour]);
      expect(refused.allowed || refused.retryAfterSeconds).toBeLessThanOrEqual(60);
      // The refused attempt counted under neither rule: the hour has room for exactly one more.
      expect((await limiter.attempt(k, [hour])).allowed).toBe(true);
      const full = await limiter.attempt(k, [hour]);
      expect(full.allowed || full.retryAfterSeconds).toBeGreaterThan(3590);
    });

    it('forgets a key when cleared', async () => {
      const k = key();
      const rules = [{ limit: 1, windowSeconds: 60 }];
      await limiter.attempt(k, rules);
      expect((await limiter.attempt(k, rules)).allowed).toBe(false);
      await limiter.clear(k, rules);
      expect((await limiter.attempt(k, rules)).allowed).toBe(true);
    });

    it('keeps long keys (an address of 254 characters) apart', async () => {
      const long = (last: string) => `password:account:${'a'.repeat(240)}${last}@example.com`;
      const rules = [{ limit: 1, windowSeconds: 60 }];
      const run = key();
      expect((await limiter.attempt(run + long('x'), rules)).allowed).toBe(true);
      expect((await limiter.attempt(run + long('x'), rules)).allowed).toBe(false);
      expect((await limiter.attempt(run + long('y'), rules)).allowed).toBe(true);
    });

    it('admits under every key or none, answering 429 with Retry-After', async () => {
      const full = key();
      const other = key();
      const rules = [{ limit: 1, windowSeconds: 60 }];
      await limiter.attempt(full, rules);
      await expect(
        admit(limiter, [
          { key: other, rules },
          { key: full, rules },
        ]),
      ).rejects.toMatchObject({
        statusCode: 429,
        headers: { 'retry-after': expect.stringMatching(/^(59|60)$/) },
      });
      // The key that had room was released again.
      expect((await limiter.attempt(other, rules)).allowed).toBe(true);
    });
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});
limiterContract('PostgreSQL', () => postgresRateLimiter(t.ctx.database.pool));

// A Redis server of the test's own on a free port, when this machine has one installed.
const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
describe.skipIf(!hasRedis)('with Redis', () => {
  let server: ChildProcess;
  let url: string;
  beforeAll(async () => {
    const port = await freePort();
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    url = `redis://127.0.0.1:${port}`;
    await waitForPort(port);
  });
  afterAll(() => {
    server?.kill();
  });
  limiterContract('Redis', () => redisRateLimiter(url, 'stash:rate:', pino({ level: 'silent' })));
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        resolve(true);
        socket.destroy();
      });
      // A socket destroyed while still connecting emits no error, only close.
      socket.on('error', () => resolve(false)).on('close', () => resolve(false));
      setTimeout(() => socket.destroy(), 500);
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on port ${port}`);
}
