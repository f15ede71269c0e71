import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { publicSiteRoutes } from './routes';

let t: TestApp;
let uncached: FastifyInstance;
let userId: string;

beforeAll(async () => {
  t = await startTestApp();
  userId = (await createUser(t.ctx)).id;
  // The real app counts at most every 10 minutes; this one counts on every request.
  uncached = Fastify({ logger: false });
  uncached.setValidatorCompiler(validatorCompiler);
  uncached.setSerializerCompiler(serializerCompiler);
  await uncached.register(publicSiteRoutes(t.ctx, { statsMaxAgeMs: 0 }));
  await uncached.ready();
});

afterAll(async () => {
  await uncached?.close();
  await t?.close();
});

/** `n` links saved `daysAgo` days ago, in one statement. */
async function saveLinks(n: number, daysAgo: number) {
  await t.ctx.database.db.execute(sql`
    insert into links (user_id, url, normalized_url, created_at)
    select ${userId}, 'https://example.com/' || g, 'https://example.com/' || g, now() - make_interval(days => ${daysAgo}, secs => g)
    from generate_series(1, ${n}) g`);
}

let slotsUsed = 0;

/** `n` digest rows of `status`, scheduled about `hoursAgo` hours ago, each in a slot of its own. */
async function digests(n: number, status: string, hoursAgo: number) {
  await t.ctx.database.db.execute(sql`
    insert into digest_sends (user_id, scheduled_for, status)
    select ${userId}, now() - make_interval(hours => ${hoursAgo}, secs => g + ${slotsUsed}), ${status}
    from generate_series(1, ${n}) g`);
  slotsUsed += n;
}

const stats = async () => (await uncached.inject({ method: 'GET', url: '/api/public/stats' })).json();

describe('GET /api/public/stats', () => {
  it('says nothing while the figures are below the landing page claims (10,000+ links, 500+ digests)', async () => {
    await saveLinks(9_999, 1);
    await saveLinks(50, 40);
    await digests(499, 'sent', 2);
    await digests(20, 'failed', 2);
    await digests(20, 'sent', 30);
    expect(await stats()).toEqual({ linksSavedLastMonth: null, digestsSentLastDay: null });
  });

  it('gives the live numbers once they reach the claims', async () => {
    await saveLinks(1, 3);
    await digests(1, 'sent', 1);
    expect(await stats()).toEqual({ linksSavedLastMonth: 10_000, digestsSentLastDay: 500 });
  });

  it('is served by the real app with a cache lifetime, counted once per 10 minutes', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/public/stats' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=600');
    await saveLinks(5, 1);
    const second = await t.app.inject({ method: 'GET', url: '/api/public/stats' });
    expect(second.json()).toEqual(first.json());
  });
});

describe('GET /api/public/config', () => {
  it('names no third party when nothing is configured, and the CSP allows none', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(res.json()).toEqual({ supportEmail: 'support@localhost', localhostLinks: false });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self';/);
    expect(csp).toMatch(/connect-src 'self';/);
    expect(csp).not.toContain('reddit');
  });

  it('gives the pixel id and allows its script host only when REDDIT_PIXEL_ID is set', async () => {
    const withPixel = await startTestApp({ env: { REDDIT_PIXEL_ID: 'a2_pixel', MAIL_FROM: 'Stash <digest@stash.example.com>' } });
    try {
      const res = await withPixel.app.inject({ method: 'GET', url: '/api/public/config' });
      expect(res.json()).toEqual({ redditPixelId: 'a2_pixel', supportEmail: 'support@stash.example.com', localhostLinks: false });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://www.redditstatic.com;");
      expect(csp).toContain("connect-src 'self' https://alb.reddit.com https://pixel-config.reddit.com;");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    } finally {
      await withPixel.close();
    }
  });
});
