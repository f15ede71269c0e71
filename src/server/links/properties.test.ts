import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinks, reloadUser, signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { links } from '../db/schema';
import { PRESET_CATEGORIES } from '../../shared/categories';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** Any characters: control characters, NUL, lone surrogates. */
const anyText = (maxLength?: number) => fc.string({ unit: 'binary', maxLength });

/** Bodies shaped like the form's, with every field sometimes missing, wrong or odd. */
const formLike = fc.record(
  {
    url: fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), anyText(3000), fc.jsonValue()),
    title: fc.oneof(anyText(600), fc.jsonValue()),
    notes: fc.oneof(anyText(2100), fc.constant(null), fc.jsonValue()),
    category: fc.oneof(fc.constantFrom(...PRESET_CATEGORIES), anyText(), fc.jsonValue()),
    categories: fc.oneof(fc.array(fc.oneof(fc.constantFrom(...PRESET_CATEGORIES), anyText()), { maxLength: 5 }), fc.jsonValue()),
    includeInNewsletter: fc.oneof(fc.boolean(), fc.jsonValue()),
    allowDuplicate: fc.oneof(fc.boolean(), fc.jsonValue()),
  },
  { requiredKeys: [] },
);

async function linkCount(userId: string): Promise<number> {
  const [row] = await t.ctx.database.db.select({ n: count() }).from(links).where(eq(links.userId, userId));
  return row.n;
}

describe('POST /api/links with any body', () => {
  it.each(['pro', 'free'] as const)('never fails with 5xx, and a refused body (%s) changes nothing', async (tier) => {
    const as: SignedInUser = await signedInUser(t, tier);
    await fc.assert(
      fc.asyncProperty(fc.oneof(formLike, fc.jsonValue()), async (body) => {
        const before = await linkCount(as.user.id);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/links',
          headers: { ...as.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        const after = await linkCount(as.user.id);
        if (res.statusCode === 201) {
          expect(after).toBe(before + 1);
          expect(['http:', 'https:']).toContain(new URL(res.json().link.url).protocol);
          expect(res.json().link.categories.length).toBeLessThanOrEqual(3);
        } else {
          expect(after, res.body).toBe(before);
        }
        expect((await reloadUser(t.ctx, as.user.id)).linkCount).toBe(after);
      }),
      { numRuns: 150 },
    );
  });

  it('answers 4xx to bodies that are not JSON objects at all', async () => {
    const as = await signedInUser(t, 'pro');
    for (const [payload, type] of [
      ['{"url": ', 'application/json'],
      ['url=example.com', 'application/x-www-form-urlencoded'],
      ['example.com', 'text/plain'],
      ['', 'application/json'],
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/links', headers: { ...as.headers, 'content-type': type }, payload });
      expect(res.statusCode, `${type}: ${payload}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await linkCount(as.user.id)).toBe(0);
  });
});

describe('GET /api/links/history with any query', () => {
  it('never fails with 5xx', async () => {
    const as = await signedInUser(t, 'pro');
    await createLinks(t.ctx, as.user, [{ title: 'Indexing in PostgreSQL', notes: "it's (fast) & good | !" }, {}]);
    const query = fc.dictionary(
      fc.constantFrom('page', 'limit', 'category', 'q', 'unread', 'newsletter', 'other'),
      fc.oneof(anyText(250), fc.integer().map(String)),
      {
        maxKeys: 6,
      },
    );
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/links/history?${new URLSearchParams(params)}`,
          headers: { cookie: as.headers.cookie },
        });
        expect(res.statusCode, `${new URLSearchParams(params)}: ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});
