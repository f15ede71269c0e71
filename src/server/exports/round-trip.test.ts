import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../../tests/support/imports';
import { createLinks, signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { categories, links } from '../db/schema';

/*
 * Our CSV and JSON exports uploaded as the web app uploads a file (multipart, the format named or
 * recognised from the file) into a fresh account: the same links, with their notes, categories,
 * read state and dates, and the same custom categories, each link filed under its own.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** More than one of the import's batches (2,000 links), so that a category first met in a later batch counts too. */
const MANY = 2_010;

async function stashWithEverything(as: SignedInUser) {
  await t.ctx.database.db.insert(categories).values([
    { userId: as.user.id, name: 'Reading, later | "soon"' },
    { userId: as.user.id, name: 'Ünïcode 東京' },
    { userId: as.user.id, name: 'Only at the end' },
  ]);
  await createLinks(t.ctx, as.user, [
    {
      url: 'https://a.example/x?q=1,2',
      title: '=HYPERLINK("https://evil.example","click")',
      description: 'Line one\nline two, with "quotes"',
      notes: 'First line\r\n\tindented, \'quoted\', "double"\n\n-1 + 2 @mention',
      category: 'Reading, later | "soon"',
      categories: ['Reading, later | "soon"', 'Ünïcode 東京', 'News'],
      includeInNewsletter: false,
      readAt: new Date('2024-02-03T04:05:06.789Z'),
      createdAt: new Date('2024-01-01T00:00:00.123Z'),
    },
    {
      url: 'https://b.example/',
      title: null,
      notes: 'Only notes',
      category: 'Uncategorized',
      categories: ['Uncategorized'],
      readAt: new Date('2020-02-29T23:59:59.999Z'),
      createdAt: new Date('2019-12-31T23:59:59.999Z'),
    },
    ...Array.from({ length: MANY }, (_, i) => ({
      url: `https://many.example/${i}?ref=${i % 7}`,
      title: `Link ${i} — ${i % 3 === 0 ? 'Zürich' : 'naïve'}`,
      notes: i % 5 === 0 ? `Note ${i}\nsecond line` : null,
      category: i === MANY - 1 ? 'Only at the end' : i % 2 === 0 ? 'Work' : 'Ünïcode 東京',
      categories: i === MANY - 1 ? ['Only at the end'] : i % 2 === 0 ? ['Work', 'Article'] : ['Ünïcode 東京'],
      readAt: i % 3 === 0 ? new Date(Date.UTC(2023, 0, 1, 0, 0, 0, i)) : null,
      createdAt: new Date(Date.UTC(2022, 5, 1, 12, 0, 0) + i * 60_001),
    })),
  ]);
  // Filed as the app files a saved link: under the custom category its first category names.
  await t.ctx.database.db.execute(
    sql`update links set category_id = c.id from categories c where links.user_id = ${as.user.id} and c.user_id = links.user_id and c.name = links.category`,
  );
}

/** What a user sees of their links, and which custom category each is filed under (by name). */
async function linksOf(userId: string) {
  const rows = await t.ctx.database.db
    .select({ link: links, filedUnder: categories.name })
    .from(links)
    .leftJoin(categories, eq(categories.id, links.categoryId))
    .where(eq(links.userId, userId));
  return rows
    .map(({ link, filedUnder }) => ({
      url: link.url,
      title: link.title,
      description: link.description,
      notes: link.notes,
      category: link.category,
      categories: link.categories,
      filedUnder,
      includeInNewsletter: link.includeInNewsletter,
      readAt: link.readAt?.toISOString() ?? null,
      createdAt: link.createdAt.toISOString(),
    }))
    .sort((a, b) => a.url.localeCompare(b.url));
}

const customCategoriesOf = async (userId: string) =>
  (
    await t.ctx.database.db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.userId, userId))
      .orderBy(asc(categories.name))
  ).map((row) => row.name);

describe('export → import round trips (as the web app uploads)', () => {
  for (const format of ['csv', 'json'] as const)
    for (const source of ['stash', 'auto'] as const)
      it(`${format.toUpperCase()} export imported as ${source} into a fresh account: everything equal`, async () => {
        const owner = await signedInUser(t, 'pro');
        await stashWithEverything(owner);
        const file = await t.app.inject({ method: 'GET', url: `/api/export/${format}`, headers: owner.headers });
        expect(file.statusCode).toBe(200);

        const copy = await signedInUser(t, 'pro');
        const { body, contentType } = multipartBody(`stash-export.${format}`, file.rawPayload);
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/import/${source}`,
          headers: { ...copy.headers, 'content-type': contentType },
          payload: body,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ imported: MANY + 2, errors: 0, skipped: 0 });

        const [original, imported] = [await linksOf(owner.user.id), await linksOf(copy.user.id)];
        expect(imported).toHaveLength(original.length);
        expect(imported).toEqual(original);
        expect(await customCategoriesOf(copy.user.id)).toEqual(await customCategoriesOf(owner.user.id));
      }, 120_000); // 2,000 links out and in again: seconds alone, more on a busy machine
});

describe('an older bookmark export of ours', () => {
  it('imports without a category "Stash" from the folder it wrapped every link in', async () => {
    // Our bookmark HTML as it was written before the links went into the file's own list.
    const oldExport = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file. It will be read and overwritten. DO NOT EDIT! -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3>Stash</H3>
    <DL><p>
        <DT><A HREF="https://a.example/" ADD_DATE="1700000000" TAGS="News,Recipes">A</A>
        <DD>A note
        <DT><A HREF="https://b.example/" ADD_DATE="1700000100" TAGS="Uncategorized">B</A>
    </DL><p>
</DL><p>
`;
    const as = await signedInUser(t, 'pro');
    const { body, contentType } = multipartBody('stash-export.html', oldExport);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/import/auto',
      headers: { ...as.headers, 'content-type': contentType },
      payload: body,
    });
    expect(res.json()).toMatchObject({ imported: 2, errors: 0 });
    expect(await customCategoriesOf(as.user.id)).toEqual(['Recipes']);
    expect((await linksOf(as.user.id)).map(({ url, categories, notes }) => ({ url, categories, notes }))).toEqual([
      { url: 'https://a.example/', categories: ['News', 'Recipes'], notes: 'A note' },
      { url: 'https://b.example/', categories: ['Uncategorized'], notes: null },
    ]);
  });
});
