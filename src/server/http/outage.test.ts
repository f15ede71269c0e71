import { connect as connectSocket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { buildApp } from '../app';
import { connect } from '../db/client';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('while the database is unreachable', () => {
  let app: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    cookie = await signIn(t, await createUser(t.ctx));
    // The same app on a pool whose every connection is refused: nothing listens on port 1.
    const unreachable = connect('postgres://postgres@127.0.0.1:1/stash');
    app = await buildApp({ ...t.ctx, database: unreachable });
    await app.ready();
    return async () => {
      await app.close();
      await unreachable.close();
    };
  });

  it('answers 503 with Retry-After, not 500', async () => {
    for (const url of ['/api/links/today', '/api/releases']) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toEqual({
        message: 'Stash cannot reach its database right now. Please try again in a moment.',
        code: 'UNAVAILABLE',
      });
    }
  });
});

describe('a slow client', () => {
  it('is cut off when its body stops coming', async () => {
    const app = await buildApp(t.ctx, { idleMs: 500, requestMs: 2000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const socket = connectSocket(port, '127.0.0.1');
      const closed = new Promise<string>((resolve) => {
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk));
        socket.on('close', () => resolve(answer));
      });
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
      );
      // Never sends the rest: the server must close the connection rather than wait for ever.
      expect(await closed).not.toMatch(/^HTTP\/1\.1 [25]/);
    } finally {
      await app.close();
    }
  });
});
