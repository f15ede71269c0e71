import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinks, signedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { users } from '../db/schema';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });
const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** A Pro user's published category "Reading list" with 55 links, the newest at 2026-03-01T09:54Z. */
async function publishedCategory() {
  const as = await signedInUser(t, 'pro');
  const handle = `feed-${randomBytes(4).toString('hex')}`;
  await t.app.inject({ method: 'PUT', url: '/api/user/handle', headers: as.headers, payload: { handle } });
  const { id } = (
    await t.app.inject({ method: 'POST', url: '/api/categories', headers: as.headers, payload: { name: 'Reading list' } })
  ).json();
  const links = await createLinks(
    t.ctx,
    as.user,
    Array.from({ length: 55 }, (_, i) => ({
      title: `Article ${i} & more`,
      url: `https://site.example/article-${i}?a=1&b=2`,
      excerpt: `Summary of article ${i}`,
      notes: 'never in the feed',
      categories: ['Reading list'],
      createdAt: new Date(Date.UTC(2026, 2, 1, 9, i)),
    })),
  );
  const { publicUrl } = (
    await t.app.inject({ method: 'PATCH', url: `/api/categories/${id}`, headers: as.headers, payload: { public: true } })
  ).json();
  return { publicUrl: publicUrl as string, links, as, id };
}

describe('the feeds of a public category', () => {
  it('Atom 1.0: ids, updated, self link, the last 50 links with the excerpt as summary', async () => {
    const { publicUrl, links } = await publishedCategory();
    const res = await t.app.inject({ method: 'GET', url: `${new URL(publicUrl).pathname}/feed.xml` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(XMLValidator.validate(res.body)).toBe(true);
    const { feed } = parser.parse(res.body);
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBe(publicUrl);
    expect(feed.updated).toBe('2026-03-01T09:54:00.000Z');
    const feedLinks = asList(feed.link);
    expect(feedLinks).toContainEqual(expect.objectContaining({ '@rel': 'self', '@href': `${publicUrl}/feed.xml` }));
    expect(feedLinks).toContainEqual(expect.objectContaining({ '@rel': 'alternate', '@href': publicUrl }));

    const entries = asList(feed.entry);
    expect(entries).toHaveLength(50);
    const newest = links[54];
    expect(entries[0].id).toBe(`urn:uuid:${newest.id}`);
    expect(entries[0].title['#text'] ?? entries[0].title).toBe('Article 54 & more');
    expect(entries[0].link['@href']).toBe('https://site.example/article-54?a=1&b=2');
    expect(entries[0].updated).toBe('2026-03-01T09:54:00.000Z');
    expect(entries[0].summary['#text'] ?? entries[0].summary).toBe('Summary of article 54');
    expect(entries[49].id).toBe(`urn:uuid:${links[5].id}`);
    expect(new Set(entries.map((entry: { id: string }) => entry.id)).size).toBe(50);
    expect(res.body).not.toContain('never in the feed');
  });

  it('RSS 2.0: guids, dates, links and an atom:link to itself', async () => {
    const { publicUrl, links } = await publishedCategory();
    const res = await t.app.inject({ method: 'GET', url: `${new URL(publicUrl).pathname}/feed.rss` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(XMLValidator.validate(res.body)).toBe(true);
    const { rss } = parser.parse(res.body);
    expect(rss['@version']).toBe('2.0');
    const { channel } = rss;
    expect(channel.link).toBe(publicUrl);
    expect(asList(channel['atom:link'])).toContainEqual(expect.objectContaining({ '@rel': 'self', '@href': `${publicUrl}/feed.rss` }));
    const items = asList(channel.item);
    expect(items).toHaveLength(50);
    const guid = items[0].guid['#text'] ?? items[0].guid;
    expect(guid).toBe(`urn:uuid:${links[54].id}`);
    expect(items[0].link).toBe('https://site.example/article-54?a=1&b=2');
    expect(new Date(items[0].pubDate).toISOString()).toBe('2026-03-01T09:54:00.000Z');
    expect(items[0].description).toContain('Summary of article 54');
  });

  it('is 404 once unpublished', async () => {
    const { publicUrl, as, id } = await publishedCategory();
    await t.app.inject({ method: 'PATCH', url: `/api/categories/${id}`, headers: as.headers, payload: { public: false } });
    for (const file of ['feed.xml', 'feed.rss']) {
      expect((await t.app.inject({ method: 'GET', url: `${new URL(publicUrl).pathname}/${file}` })).statusCode).toBe(404);
    }
  });
});

describe('a feed kept between requests', () => {
  const feedsOf = async (publicUrl: string) => {
    const [atom, rss] = await Promise.all(
      ['feed.xml', 'feed.rss'].map((file) => t.app.inject({ method: 'GET', url: `${new URL(publicUrl).pathname}/${file}` })),
    );
    expect([atom.statusCode, rss.statusCode]).toEqual([200, 200]);
    const { feed } = parser.parse(atom.body);
    const { channel } = parser.parse(rss.body).rss;
    const text = (value: string | { '#text': string }) => (typeof value === 'string' ? value : value['#text']);
    return {
      atom: { titles: asList(feed.entry).map((entry: { title: string }) => text(entry.title)), subtitle: feed.subtitle, body: atom.body },
      rss: {
        titles: asList(channel.item).map((item: { title: string }) => text(item.title)),
        description: channel.description,
        body: rss.body,
      },
    };
  };
  const patchLink = (as: { headers: Record<string, string> }, id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/links/${id}`, headers: as.headers, payload });

  it('is never stale: a link added, edited, moved out or deleted, a new description, notes shown, a new owner name', async () => {
    const { publicUrl, links, as, id } = await publishedCategory();
    for (let read = 0; read < 2; read++) expect((await feedsOf(publicUrl)).atom.titles[0]).toBe('Article 54 & more');

    const [added] = await createLinks(t.ctx, as.user, [
      { title: 'Just saved', url: 'https://site.example/new', categories: ['Reading list'], createdAt: new Date(Date.UTC(2026, 2, 2)) },
    ]);
    let feeds = await feedsOf(publicUrl);
    expect([feeds.atom.titles[0], feeds.rss.titles[0]]).toEqual(['Just saved', 'Just saved']);

    expect((await patchLink(as, added.id, { title: 'Just saved, renamed' })).statusCode).toBe(200);
    feeds = await feedsOf(publicUrl);
    expect([feeds.atom.titles[0], feeds.rss.titles[0]]).toEqual(['Just saved, renamed', 'Just saved, renamed']);

    await t.app.inject({ method: 'POST', url: '/api/categories', headers: as.headers, payload: { name: 'Elsewhere' } });
    expect((await patchLink(as, added.id, { categories: ['Elsewhere'] })).statusCode).toBe(200);
    feeds = await feedsOf(publicUrl);
    expect([feeds.atom.titles[0], feeds.rss.titles[0]]).toEqual(['Article 54 & more', 'Article 54 & more']);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/links/${links[54].id}`, headers: as.headers })).statusCode).toBe(204);
    feeds = await feedsOf(publicUrl);
    expect([feeds.atom.titles[0], feeds.rss.titles[0]]).toEqual(['Article 53 & more', 'Article 53 & more']);
    // The 50 newest left: one older link comes into the feed.
    expect(feeds.atom.titles.at(-1)).toBe('Article 4 & more');

    const patchCategory = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/categories/${id}`, headers: as.headers, payload: { public: true, ...payload } });
    expect((await patchCategory({ description: 'Long reads, weekly' })).statusCode).toBe(200);
    feeds = await feedsOf(publicUrl);
    expect([feeds.atom.subtitle, feeds.rss.description]).toEqual(['Long reads, weekly', 'Long reads, weekly']);

    expect(feeds.atom.body).not.toContain('never in the feed');
    expect((await patchCategory({ showNotes: true })).statusCode).toBe(200);
    feeds = await feedsOf(publicUrl);
    expect(feeds.atom.body).toContain('never in the feed');
    expect(feeds.rss.body).toContain('never in the feed');

    await t.ctx.database.db.update(users).set({ firstName: 'Ada', lastName: 'Lovelace' }).where(eq(users.id, as.user.id));
    feeds = await feedsOf(publicUrl);
    expect(feeds.atom.body).toContain('<name>Ada Lovelace</name>');
    expect(feeds.rss.body).toContain('Reading list · Ada Lovelace');
  });

  it('answers 304 to the ETag it gave while nothing changed, counting the fetch, and the new feed after a change', async () => {
    const { publicUrl, as, id } = await publishedCategory();
    const path = new URL(publicUrl).pathname;
    for (const file of ['feed.xml', 'feed.rss']) {
      const first = await t.app.inject({ method: 'GET', url: `${path}/${file}` });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await t.app.inject({ method: 'GET', url: `${path}/${file}`, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect((await t.app.inject({ method: 'GET', url: `${path}/${file}`, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
    }
    const etag = (await t.app.inject({ method: 'GET', url: `${path}/feed.xml` })).headers.etag as string;
    await createLinks(t.ctx, as.user, [
      { title: 'Newest of all', categories: ['Reading list'], createdAt: new Date(Date.UTC(2026, 2, 3)) },
    ]);
    const changed = await t.app.inject({ method: 'GET', url: `${path}/feed.xml`, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('Newest of all');
    // 2 × (200, 304, 200) and 2 more 200s: every fetch counts, the 304s too.
    const overview = (await t.app.inject({ method: 'GET', url: '/api/sharing', headers: as.headers })).json();
    expect(overview.categories).toEqual([expect.objectContaining({ id, feedFetches30d: 8 })]);

    await t.app.inject({ method: 'PATCH', url: `/api/categories/${id}`, headers: as.headers, payload: { public: false } });
    const gone = await t.app.inject({
      method: 'GET',
      url: `${path}/feed.xml`,
      headers: { 'if-none-match': changed.headers.etag as string },
    });
    expect(gone.statusCode).toBe(404);
  });
});
