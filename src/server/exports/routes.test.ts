import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinks, signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { categories, links, pageCopies } from '../db/schema';
import { collect } from '../imports/import-row';
import { parseNetscapeHtml } from '../imports/sources/netscape';
import { textStream } from '../imports/text-stream';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const download = (as: SignedInUser, format: string) => t.app.inject({ method: 'GET', url: `/api/export/${format}`, headers: as.headers });

const comparable = async (userId: string) =>
  (await t.ctx.database.db.select().from(links).where(eq(links.userId, userId)))
    .map(({ url, title, description, notes, category, categories, includeInNewsletter, readAt, createdAt }) => ({
      url,
      title,
      description,
      notes,
      category,
      categories,
      includeInNewsletter,
      readAt: readAt?.toISOString() ?? null,
      createdAt: createdAt.toISOString(),
    }))
    .sort((a, b) => a.url.localeCompare(b.url));

/** Links with everything a link can hold, and the cells spreadsheets would run. */
async function richStash(as: SignedInUser) {
  await t.ctx.database.db.insert(categories).values([
    { userId: as.user.id, name: 'Reading, later | "soon"' },
    { userId: as.user.id, name: '=Formulas' },
  ]);
  await createLinks(t.ctx, as.user, [
    {
      url: 'https://a.example/x?q=1,2',
      title: '=HYPERLINK("https://evil.example","click")',
      description: 'Line one\nline two, with "quotes"',
      notes: "-1 + 2\r\n@mention\ttab 'quoted'",
      category: 'Reading, later | "soon"',
      categories: ['Reading, later | "soon"', '=Formulas', 'News'],
      includeInNewsletter: false,
      readAt: new Date('2024-02-03T04:05:06.789Z'),
      createdAt: new Date('2024-01-01T00:00:00.123Z'),
      excerpt: '@risk: a page about "formulas", <b> & more',
    },
    {
      url: 'https://b.example/',
      title: "'=already quoted",
      notes: null,
      category: 'Uncategorized',
      categories: ['Uncategorized'],
      createdAt: new Date('2023-05-05T05:05:05Z'),
    },
    {
      url: 'https://c.example/p%C3%A4th',
      title: 'Ünïcödé — 東京 🚀',
      category: 'Work',
      categories: ['Work'],
      createdAt: new Date('2022-01-01T00:00:00Z'),
    },
  ]);
}

describe('GET /api/export/{format}', () => {
  it('downloads CSV as an attachment with formula cells neutralised', async () => {
    const as = await signedInUser(t, 'pro');
    await richStash(as);
    const res = await download(as, 'csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="stash-export-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.split('\r\n')[0]).toBe(
      'url,title,description,notes,category1,category2,category3,include_in_newsletter,read_at,created_at,excerpt',
    );
    expect(res.body).toContain(`"'=HYPERLINK(""https://evil.example"",""click"")"`);
    expect(res.body).toContain(`"'-1 + 2\r\n@mention`);
    expect(res.body).toContain(`'=Formulas`);
    expect(res.body).toContain(`''=already quoted`);
    expect(res.body).toContain(`2024-01-01T00:00:00.123Z,"'@risk: a page about ""formulas"", <b> & more"\r\n`);
  });

  it('round-trips: importing our CSV or JSON into another account loses nothing', async () => {
    const owner = await signedInUser(t, 'pro');
    await richStash(owner);
    const original = await comparable(owner.user.id);
    for (const format of ['csv', 'json']) {
      const copy = await signedInUser(t, 'pro');
      const file = await download(owner, format);
      const res = await t.app.inject({ method: 'POST', url: '/api/import/stash', headers: copy.headers, payload: { csvData: file.body } });
      expect(res.json(), format).toMatchObject({ imported: 3, errors: 0, skipped: 0 });
      expect(await comparable(copy.user.id), format).toEqual(original);
    }
  });

  it('round-trips bookmark HTML into another account: categories, dates and read state (to the second), notes, titles', async () => {
    const owner = await signedInUser(t, 'pro');
    await richStash(owner);
    const toTheSecond = (iso: string | null) => (iso === null ? null : new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString());
    const kept = async (userId: string) =>
      (await comparable(userId)).map(({ url, title, notes, category, categories, readAt, createdAt }) => ({
        url,
        title,
        notes,
        category,
        categories,
        readAt: toTheSecond(readAt),
        createdAt: toTheSecond(createdAt),
      }));
    const copy = await signedInUser(t, 'pro');
    const file = await download(owner, 'html');
    expect(file.body).not.toContain('<H3>');
    const res = await t.app.inject({ method: 'POST', url: '/api/import/netscape', headers: copy.headers, payload: { csvData: file.body } });
    expect(res.json()).toMatchObject({ imported: 3, errors: 0, skipped: 0 });
    expect(await kept(copy.user.id)).toEqual(await kept(owner.user.id));
  });

  it('writes everything into JSON and bookmark HTML that browsers (and our import) read', async () => {
    const as = await signedInUser(t, 'pro');
    await richStash(as);
    const [first] = await t.ctx.database.db
      .select({ id: links.id })
      .from(links)
      .where(and(eq(links.userId, as.user.id), eq(links.url, 'https://a.example/x?q=1,2')));
    await t.ctx.database.db.insert(pageCopies).values({
      linkId: first.id,
      userId: as.user.id,
      linkCreatedAt: new Date(),
      url: 'https://a.example/x?q=1,2',
      kind: 'article',
      html: '<p>The whole article.</p>',
      text: 'The whole article.',
    });
    const json = (await download(as, 'json')).json();
    expect(json.links[0]).toEqual({
      url: 'https://a.example/x?q=1,2',
      title: '=HYPERLINK("https://evil.example","click")',
      description: 'Line one\nline two, with "quotes"',
      notes: "-1 + 2\r\n@mention\ttab 'quoted'",
      category: 'Reading, later | "soon"',
      categories: ['Reading, later | "soon"', '=Formulas', 'News'],
      includeInNewsletter: false,
      read: true,
      readAt: '2024-02-03T04:05:06.789Z',
      createdAt: '2024-01-01T00:00:00.123Z',
      excerpt: '@risk: a page about "formulas", <b> & more',
      text: 'The whole article.',
      highlights: [],
    });
    expect(json.links[1]).toMatchObject({ excerpt: null, text: null });
    const html = await download(as, 'html');
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.body).toMatch(/^<!DOCTYPE NETSCAPE-Bookmark-file-1>/);
    expect(html.body).toContain('EXCERPT="@risk: a page about &quot;formulas&quot;, &lt;b&gt; &amp; more">=HYPERLINK');
    const { rows } = await collect(parseNetscapeHtml(textStream(html.body)));
    expect(rows.map((row) => [row.url, row.title, row.createdAt?.getTime()])).toEqual([
      ['https://a.example/x?q=1,2', '=HYPERLINK("https://evil.example","click")', Date.parse('2024-01-01T00:00:00Z')],
      ['https://b.example/', "'=already quoted", Date.parse('2023-05-05T05:05:05Z')],
      ['https://c.example/p%C3%A4th', 'Ünïcödé — 東京 🚀', Date.parse('2022-01-01T00:00:00Z')],
    ]);
  });

  it("gives only the owner's links, and nothing without a session", async () => {
    const owner = await signedInUser(t, 'pro');
    await richStash(owner);
    const other = await signedInUser(t, 'free');
    await createLinks(t.ctx, other.user, [{ url: 'https://mine-only.example/' }]);
    for (const format of ['csv', 'json', 'html']) {
      const body = (await download(other, format)).body;
      expect(body, format).toContain('mine-only.example');
      expect(body, format).not.toContain('a.example');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/export/csv' })).statusCode).toBe(401);
    expect((await download(other, 'xml')).statusCode).toBe(400);
  });

  it('answers an empty stash with just the header', async () => {
    const as = await signedInUser(t, 'free');
    expect((await download(as, 'csv')).body).toBe(
      'url,title,description,notes,category1,category2,category3,include_in_newsletter,read_at,created_at,excerpt\r\n',
    );
    expect((await download(as, 'json')).json().links).toEqual([]);
  });
});
