import { Writable } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import { reloadUser, signedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await startTestApp();
  // The real app plus two routes that exist only here: one that fails, one that takes a JSON body.
  app = await buildApp(t.ctx);
  app.get('/api/test/boom', async () => {
    throw new Error('secret internal detail at /srv/stash/db.ts:42');
  });
  app.post(
    '/api/test/echo',
    { schema: { body: z.object({ name: z.string().min(1, 'Name is required') }) } },
    async (request) => request.body,
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe('GET /api/health', () => {
  it('answers status, database and version', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'up', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });
});

describe('errors', () => {
  it('answers malformed JSON with 400 and the error shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'INVALID_JSON' });
  });

  it('answers invalid fields with 400, the schema message and the field', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Name is required', code: 'VALIDATION', fields: { name: 'Name is required' } });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'x'.repeat(2 * 1024 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('BODY_TOO_LARGE');
  });

  it('takes JSON bodies of 64 KB at most: a larger one is 413 with the limit, and changes nothing', async () => {
    const as = await signedInUser(t, 'pro');
    const save = (notes: string) =>
      app.inject({
        method: 'POST',
        url: '/api/links',
        headers: { ...as.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ url: 'https://big.example', notes }),
      });
    const tooBig = await save('x'.repeat(64 * 1024));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ code: 'BODY_TOO_LARGE', message: 'The request body is too large: this request takes at most 64 KB.' });
    // 64 KB of nested arrays, the worst JSON there is, is read and refused as any other bad body.
    const nested = await app.inject({
      method: 'POST',
      url: '/api/links',
      headers: { ...as.headers, 'content-type': 'application/json' },
      payload: `${'['.repeat(32 * 1024 - 1)}${']'.repeat(32 * 1024 - 1)}`,
    });
    expect(nested.statusCode).toBe(400);
    expect(await reloadUser(t.ctx, as.user.id)).toMatchObject({ linkCount: 0 });
    expect((await save('A note')).statusCode).toBe(201);
  });

  it('never shows a stack trace or internal detail; gives a request id instead', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/secret|db\.ts|at /);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'INTERNAL', requestId: res.headers['x-request-id'] });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the web app', () => {
  it('answers any page path with the app, whose router decides (including its 404 page)', async () => {
    for (const url of ['/', '/dashboard', '/no/such/page']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('sends the built script compressed to browsers that accept it, and plain to the rest', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)![1];
    const plain = await app.inject({ method: 'GET', url: script });
    const brotli = await app.inject({ method: 'GET', url: script, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gzipped = await app.inject({ method: 'GET', url: script, headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(brotli.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('answers a missing asset file with 404, not the app', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-missing.js' });
    expect(res.statusCode).toBe(404);
  });
});

describe('security', () => {
  it('sends security headers with a strict content security policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a state-changing browser request from another origin', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: 'https://evil.example', cookie: 'stash.sid=abc' },
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('BAD_ORIGIN');
  });

  it('refuses a cookie request that names no origin at all', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', headers: { cookie: 'stash.sid=abc' }, payload: { name: 'x' } });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a request the browser marks as cross-site', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses form and text bodies on JSON routes with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': type }, payload: 'name=x' });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('accepts the same request from our own origin', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: 'http://localhost:3000', cookie: 'stash.sid=abc' },
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI document generated from the route schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health'].get.responses['200'].content['application/json'].schema.properties).toHaveProperty('db');
  });

  it('serves the documentation page at /api/docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    // The app's own CSP, under which the page runs with nothing blocked (tests/e2e/api-docs.test.ts).
    const root = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toBe(root.headers['content-security-policy']);
  });
});

describe('request logs', () => {
  it('write one line per request, when it is answered, with its id, method, URL, status and time', async () => {
    const lines: Record<string, unknown>[] = [];
    const log = pino(
      { level: 'info' },
      new Writable({ write: (chunk, _encoding, done) => done(void lines.push(JSON.parse(String(chunk)))) }),
    );
    const logged = await buildApp({ ...t.ctx, log });
    try {
      const res = await logged.inject({ method: 'GET', url: '/api/health?probe=1' });
      const requestLines = lines.filter((line) => line.reqId === res.headers['x-request-id']);
      expect(requestLines).toEqual([
        expect.objectContaining({
          level: 30,
          msg: 'request completed',
          method: 'GET',
          url: '/api/health?probe=1',
          statusCode: 200,
          responseTime: expect.any(Number),
        }),
      ]);
    } finally {
      await logged.close();
    }
  });
});
