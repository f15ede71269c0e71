import { randomBytes } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinks, signedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

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
