import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinks, signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { links } from '../db/schema';
import { fillSearchVectors } from './search-vectors-job';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const found = async (as: SignedInUser, q: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/links/history?q=${encodeURIComponent(q)}`, headers: { cookie: as.headers.cookie } }))
    .json()
    .links.map((link: { id: string }) => link.id);

const vectorOf = async (id: string) => (await t.ctx.database.db.select({ v: links.searchVector }).from(links).where(eq(links.id, id)))[0].v;

describe('search vectors (docs/links-and-pages.md, Search)', () => {
  it('an imported link is found before the job fills its vector, and ranked as after', async () => {
    const as = await signedInUser(t, 'pro');
    const importedAt = new Date();
    const [inTitle, inUrl] = await createLinks(t.ctx, as.user, [
      { title: 'Sourdough starters', importedAt },
      { title: 'Bread', url: 'https://sourdough.example/loaf', importedAt },
    ]);
    const [saved] = await createLinks(t.ctx, as.user, [{ title: 'Sourdough at home, saved' }]);
    expect(await vectorOf(inTitle.id)).toBeNull();
    expect(await vectorOf(saved.id)).not.toBeNull();
    // Title matches (A) before the URL's (C), whether the vector is stored or computed.
    expect(await found(as, 'sourdough')).toEqual([saved.id, inTitle.id, inUrl.id]);

    expect(await fillSearchVectors(t.ctx)).toBeGreaterThanOrEqual(2);
    expect(await vectorOf(inTitle.id)).not.toBeNull();
    expect(await t.ctx.database.db.select({ id: links.id }).from(links).where(isNull(links.searchVector))).toEqual([]);
    expect(await found(as, 'sourdough')).toEqual([saved.id, inTitle.id, inUrl.id]);
  });

  it("follows a link's words when they change, and only then", async () => {
    const as = await signedInUser(t, 'pro');
    const [link] = await createLinks(t.ctx, as.user, [{ title: 'Kayaking in Norway' }]);
    await t.ctx.database.db.update(links).set({ title: 'Hiking in Iceland' }).where(eq(links.id, link.id));
    expect(await found(as, 'kayaking')).toEqual([]);
    expect(await found(as, 'iceland')).toEqual([link.id]);
    const before = await vectorOf(link.id);
    await t.ctx.database.db.update(links).set({ readAt: new Date() }).where(eq(links.id, link.id));
    expect(await vectorOf(link.id)).toBe(before);
  });
});
