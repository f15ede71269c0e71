import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeAdNetwork } from '../../../tests/support/fake-ad-network';
import { OWN_ORIGIN } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import type { Config } from '../config';
import { registerErrorHandling } from '../http/errors';
import { RedditConversions } from './conversions';
import { redditRoutes } from './reddit-routes';

const configured: Config['reddit'] = { pixelId: 'a2_pixel', conversionsToken: 'secret-token' };
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

let t: TestApp;
let fake: FakeAdNetwork;
let networkUrl: string;
let logLines: string[];
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  fake = new FakeAdNetwork();
  [t, networkUrl] = await Promise.all([startTestApp(), fake.start()]);
});

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  fake.received = [];
  fake.answer = { status: 200, delayMs: 0 };
});

afterAll(async () => {
  await fake?.stop();
  await t?.close();
});

/** The routes alone, with the forwarder pointed at the fake network and its warnings kept. */
async function appWith(reddit: Config['reddit'], timeoutMs = 2000): Promise<FastifyInstance> {
  logLines = [];
  const log = pino({ level: 'warn' }, new Writable({ write: (chunk, _encoding, done) => done(void logLines.push(String(chunk))) }));
  const ctx = { ...t.ctx, log, config: { ...t.ctx.config, reddit } };
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(redditRoutes(ctx, new RedditConversions(reddit, log, networkUrl, timeoutMs)));
  await app.ready();
  apps.push(app);
  return app;
}

const post = (app: FastifyInstance, kind: string, payload: object, remoteAddress = '203.0.113.7') =>
  app.inject({
    method: 'POST',
    url: `/api/reddit/${kind}`,
    headers: { ...OWN_ORIGIN, 'user-agent': 'TestBrowser/1.0' },
    payload,
    remoteAddress,
  });

describe('POST /api/reddit/* when nothing is configured', () => {
  it('accepts every payload of the ad network calls and sends nothing anywhere', async () => {
    const app = await appWith({});
    const calls: [string, object][] = [
      ['landing', { clickId: 'cid-1', userAgent: 'UA', utmSource: 'reddit', utmCampaign: 'spring' }],
      ['landing', {}],
      ['signup', { userId: 'u1', email: 'ada@example.com' }],
      ['purchase', { userId: 'u1', email: 'ada@example.com', value: 59, currency: 'USD' }],
      ['add-to-cart', { plan: 'annual' }],
    ];
    for (const [kind, payload] of calls) expect((await post(app, kind, payload)).statusCode, kind).toBe(204);
    await app.close();
    expect(fake.received).toEqual([]);
  });

  it('is mounted in the real app, answering 204', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/reddit/landing', headers: OWN_ORIGIN, payload: { clickId: 'x' } });
    expect(res.statusCode).toBe(204);
  });
});

describe('POST /api/reddit/* with the Conversions API configured', () => {
  it('forwards a sign-up with hashed identifiers, the token and the conversion id', async () => {
    const app = await appWith(configured);
    const res = await post(app, 'signup', { userId: 'u1', email: ' Ada@Example.com ', clickId: 'cid-9', conversionId: 'conv-1' });
    expect(res.statusCode).toBe(204);
    const [request] = await fake.waitFor(1);
    expect(request.path).toBe('/api/v3/pixels/a2_pixel/conversion_events');
    expect(request.authorization).toBe('Bearer secret-token');
    expect(request.body.data.events).toEqual([
      {
        event_at: expect.any(Number),
        action_source: 'WEBSITE',
        type: { tracking_type: 'SignUp' },
        click_id: 'cid-9',
        metadata: { conversion_id: 'conv-1' },
        user: {
          email: sha256('ada@example.com'),
          external_id: sha256('u1'),
          ip_address: sha256('203.0.113.7'),
          user_agent: 'TestBrowser/1.0',
        },
      },
    ]);
  });

  it('sends a purchase with its value and an add-to-cart with the plan price', async () => {
    const app = await appWith(configured);
    await post(app, 'purchase', { userId: 'u1', email: 'ada@example.com', value: 5.99, currency: 'usd' });
    await post(app, 'add-to-cart', { plan: 'annual' });
    const events = (await fake.waitFor(2)).map((request) => request.body.data.events[0]);
    expect(events).toContainEqual(
      expect.objectContaining({ type: { tracking_type: 'Purchase' }, metadata: { value: 5.99, currency: 'USD' } }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: { tracking_type: 'AddToCart' }, metadata: { value: 59, currency: 'USD' } }),
    );
  });

  it('answers without waiting for the network: the 204 comes while the network still holds the conversion', async () => {
    fake.answer = { status: 200, delayMs: Infinity };
    // A forwarder that waited would wait out this timeout, far past the test's own.
    const app = await appWith(configured, 10 * 60_000);
    const res = await post(app, 'landing', { clickId: 'cid-slow' });
    expect(res.statusCode).toBe(204);
    const [held] = await fake.waitFor(1);
    expect(held.body.data.events[0]).toMatchObject({ type: { tracking_type: 'PageVisit' } });
    fake.answerHeld();
  });

  it('gives up after its timeout and only logs it', async () => {
    fake.answer = { status: 200, delayMs: Infinity };
    const app = await appWith(configured, 200);
    expect((await post(app, 'landing', {})).statusCode).toBe(204);
    await app.close();
    expect(logLines.join('')).toContain('could not be sent to the ad network');
  });

  it('logs a refusal by the network', async () => {
    fake.answer = { status: 401, delayMs: 0 };
    const app = await appWith(configured);
    await post(app, 'landing', {});
    await app.close();
    expect(logLines.join('')).toMatch(/refused a conversion.*"status":401|"status":401.*refused a conversion/);
  });

  it('sends nothing without the pixel id that names the account', async () => {
    const app = await appWith({ conversionsToken: 'secret-token' });
    expect((await post(app, 'landing', {})).statusCode).toBe(204);
    await app.close();
    expect(fake.received).toEqual([]);
  });

  it('limits each address to 30 conversions a minute', async () => {
    const app = await appWith(configured);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await post(app, 'landing', {}, '198.51.100.1')).statusCode);
    expect(statuses.filter((status) => status === 204)).toHaveLength(30);
    expect(statuses[30]).toBe(429);
  });
});

describe('payloads', () => {
  it('refuses what the ad network calls do not describe', async () => {
    const app = await appWith(configured);
    const bad: [string, object][] = [
      ['signup', { userId: 'u1' }],
      ['signup', { userId: 'u1', email: 'not-an-email' }],
      ['purchase', { userId: 'u1', email: 'ada@example.com' }],
      ['purchase', { userId: 'u1', email: 'ada@example.com', value: -1 }],
      ['add-to-cart', { plan: 'weekly' }],
      ['landing', { clickId: 'x'.repeat(501) }],
    ];
    for (const [kind, payload] of bad) expect((await post(app, kind, payload)).statusCode, `${kind} ${JSON.stringify(payload)}`).toBe(400);
    await app.close();
    expect(fake.received).toEqual([]);
  });
});
