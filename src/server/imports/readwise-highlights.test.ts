import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../../tests/support/imports';
import { signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { highlights, links } from '../db/schema';
import { importMessages } from '../../shared/portability';
import { collect } from './import-row';
import { detectSource } from './sources/detect';
import { parseReadwiseHighlightsCsv } from './sources/readwise-highlights';

/*
 * Readwise's CSV export of highlights (Highlight, Book Title, Book Author, Amazon Book ID, Note,
 * Color, Tags, Location Type, Location, Highlighted at, Document tags, URL): the rows with a URL
 * become links, one per URL, with their highlights. The fixture has a page with three highlights
 * (not all next to each other), a tweet, an article, a Kindle book (no URL) and an empty highlight.
 */
const fixture = readFileSync(new URL('./sources/fixtures/readwise-highlights.csv', import.meta.url));

describe("Readwise's highlights export", () => {
  it('is recognised from its header', async () => {
    expect((await detectSource(Readable.from([fixture]))).source).toBe('readwise-highlights');
  });

  it('groups the rows by URL, maps the colours and dates each link by its first highlight', async () => {
    const { rows, errors } = await collect(parseReadwiseHighlightsCsv(Readable.from([fixture])));
    expect(errors).toEqual([
      { line: 3, message: importMessages.bookHighlight },
      { line: 9, message: importMessages.emptyHighlight },
    ]);
    expect(rows.map((row) => row.url)).toEqual([
      'https://foxes.example/hunting',
      'https://twitter.example/someone/status/1',
      'https://badgers.example/setts',
    ]);
    const [foxes, tweet, badgers] = rows;
    expect(foxes).toMatchObject({ title: 'How Foxes Hunt', tags: ['nature', 'animals'], createdAt: new Date('2024-05-01T07:30:00Z') });
    expect(foxes.highlights).toEqual([
      {
        exact: 'Foxes hunt at dusk, when voles leave their burrows.',
        note: 'Check this against the BBC piece',
        color: 'yellow',
        createdAt: new Date('2024-05-02T18:04:11Z'),
      },
      {
        exact: 'Cubs are born in spring\nand stay with the vixen all summer.',
        note: null,
        color: 'blue',
        createdAt: new Date('2024-05-01T07:30:00Z'),
      },
      { exact: 'A passage in pink, marked again later.', note: null, color: 'pink', createdAt: new Date('2024-05-03T09:00:00Z') },
    ]);
    expect(tweet.highlights).toEqual([expect.objectContaining({ color: 'yellow' })]);
    expect(badgers.highlights).toEqual([expect.objectContaining({ color: 'blue', note: 'Setts!' })]);
  });
});

describe('POST /api/import/readwise-highlights', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (as: SignedInUser, source: string) => {
    const { body, contentType } = multipartBody('readwise-highlights.csv', fixture);
    return t.app.inject({
      method: 'POST',
      url: `/api/import/${source}`,
      headers: { ...as.headers, 'content-type': contentType },
      payload: body,
    });
  };

  for (const source of ['readwise-highlights', 'auto']) {
    it(`imports the pages as links with their highlights (${source}), which the highlights API lists as quotes`, async () => {
      const as = await signedInUser(t, 'pro');
      const res = await upload(as, source);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ imported: 3, errors: 2 });

      const saved = await t.ctx.database.db
        .select({ id: links.id, url: links.url, title: links.title, highlightCount: links.highlightCount, createdAt: links.createdAt })
        .from(links)
        .where(eq(links.userId, as.user.id))
        .orderBy(asc(links.url));
      expect(saved.map(({ url, title, highlightCount }) => ({ url, title, highlightCount }))).toEqual([
        { url: 'https://badgers.example/setts', title: 'Badgers', highlightCount: 1 },
        { url: 'https://foxes.example/hunting', title: 'How Foxes Hunt', highlightCount: 3 },
        { url: 'https://twitter.example/someone/status/1', title: '@someone on Twitter', highlightCount: 1 },
      ]);

      const foxes = saved[1];
      const listed = await t.app.inject({
        method: 'GET',
        url: `/api/links/${foxes.id}/highlights`,
        headers: { cookie: as.headers.cookie },
      });
      expect(listed.statusCode).toBe(200);
      expect(
        listed
          .json()
          .map((h: { exact: string; color: string; note: string | null; anchored: boolean }) => [h.exact, h.color, h.note, h.anchored]),
      ).toEqual(
        expect.arrayContaining([
          ['Foxes hunt at dusk, when voles leave their burrows.', 'yellow', 'Check this against the BBC piece', false],
          ['Cubs are born in spring\nand stay with the vixen all summer.', 'blue', null, false],
          ['A passage in pink, marked again later.', 'pink', null, false],
        ]),
      );
      const search = await t.app.inject({ method: 'GET', url: '/api/highlights?q=vixen', headers: { cookie: as.headers.cookie } });
      expect(search.json().highlights).toEqual([expect.objectContaining({ link: expect.objectContaining({ title: 'How Foxes Hunt' }) })]);
      const rows = await t.ctx.database.db
        .select({ createdAt: highlights.createdAt })
        .from(highlights)
        .where(eq(highlights.linkId, foxes.id));
      expect(rows.map((row) => row.createdAt.toISOString()).sort()[0]).toBe('2024-05-01T07:30:00.000Z');
    });
  }
});
