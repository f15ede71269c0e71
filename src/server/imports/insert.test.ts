import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinks, reloadUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { createUser } from '../../../tests/support/factories';
import { links } from '../db/schema';
import { encodeBatch, encodeLink, type ImportBatch, insertImport, type LinkToInsert } from './insert';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** Both ways a batch reaches PostgreSQL (insert.ts, batchJson); PGlite takes only the parameter. */
const ways = () => (t.ctx.config.databaseUrl ? [true, false] : [false]).map((copy) => ({ copy, toReadWanted: 10 }));

const link = (page: string, overrides: Partial<LinkToInsert> = {}): LinkToInsert => ({
  url: `https://${page}`,
  normalizedUrl: `https://${page}`,
  title: null,
  description: null,
  notes: null,
  categories: ['Tech'],
  includeInNewsletter: true,
  readAt: null,
  createdAt: new Date('2020-01-02T03:04:05Z'),
  highlights: [],
  ...overrides,
});

async function* batchesOf(...batches: ImportBatch[]): AsyncGenerator<ImportBatch> {
  yield* batches;
}

const batch = (...rows: LinkToInsert[]): ImportBatch => ({ rows: encodeBatch(rows.map(encodeLink)), newCategories: [] });

const linksOf = (userId: string) => t.ctx.database.db.select().from(links).where(eq(links.userId, userId)).orderBy(links.url);

describe('insertImport', () => {
  it('inserts every batch once: pages the user has, or an earlier batch had, are left out, and counted', async () => {
    for (const options of ways()) {
      const user = await createUser(t.ctx);
      await createLinks(t.ctx, user, [{ url: 'https://had.example/', normalizedUrl: 'https://had.example/' }]);
      const { linkCount } = await reloadUser(t.ctx, user.id);
      const outcome = await insertImport(
        t.ctx.database.pool,
        user.id,
        batchesOf(
          batch(link('a.example/', { title: 'A, "quoted"\ttab\nline', notes: 'back\\slash', readAt: new Date('2021-01-01T00:00:00Z') })),
          batch(link('a.example/'), link('b.example/', { categories: ['Work', 'Tech'], includeInNewsletter: false }), link('had.example/')),
        ),
        options,
      );
      expect(outcome.inserted, `copy: ${options.copy}`).toBe(2);
      expect(outcome.toRead).toHaveLength(2);
      const [a, b, had] = await linksOf(user.id);
      expect(a).toMatchObject({
        url: 'https://a.example/',
        title: 'A, "quoted"\ttab\nline',
        notes: 'back\\slash',
        categories: ['Tech'],
        readAt: new Date('2021-01-01T00:00:00Z'),
        createdAt: new Date('2020-01-02T03:04:05Z'),
      });
      expect(b).toMatchObject({ url: 'https://b.example/', category: 'Work', categories: ['Work', 'Tech'], includeInNewsletter: false });
      expect(had.importedAt).toBeNull();
      expect((await reloadUser(t.ctx, user.id)).linkCount).toBe(linkCount + 2);
    }
  });

  it('leaves nothing of an import whose batch fails halfway, and the next import on the connection works', async () => {
    for (const options of ways()) {
      const user = await createUser(t.ctx);
      // Not UTF-8: PostgreSQL refuses the batch, in the COPY as in the parameter.
      const broken: ImportBatch = { rows: new Uint8Array([0x5b, 0xff, 0xfe, 0x5d]), newCategories: [] };
      await expect(insertImport(t.ctx.database.pool, user.id, batchesOf(batch(link('first.example/')), broken), options)).rejects.toThrow(
        /invalid byte sequence/,
      );
      expect(await linksOf(user.id)).toEqual([]);
      expect((await reloadUser(t.ctx, user.id)).linkCount).toBe(0);

      const again = await insertImport(t.ctx.database.pool, user.id, batchesOf(batch(link('first.example/'))), options);
      expect(again.inserted).toBe(1);
      expect((await linksOf(user.id)).map((row) => row.url)).toEqual(['https://first.example/']);
    }
  });
});
