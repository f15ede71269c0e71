import { strFromU8, unzipSync } from 'fflate';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinks, signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const highlight = (as: SignedInUser, linkId: string, exact: string, start: number, note?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/links/${linkId}/highlights`,
    headers: as.headers,
    payload: { exact, prefix: '', suffix: '', start, end: start + exact.length, note },
  });

async function stashWithHighlights() {
  const as = await signedInUser(t, 'pro');
  const [bread, plain, colon] = await createLinks(t.ctx, as.user, [
    {
      url: 'https://bread.example/sourdough',
      title: 'Sourdough: a guide',
      siteName: 'Bread Weekly',
      notes: 'Try this at the weekend',
      categories: ['Food', 'Home'],
      createdAt: new Date('2025-03-04T10:00:00Z'),
    },
    { url: 'https://plain.example/', title: 'Nothing marked here' },
    { url: 'https://x.example/a', title: 'Sourdough: a guide', createdAt: new Date('2025-01-01T00:00:00Z') },
  ]);
  expect((await highlight(as, bread.id, 'Feed the starter daily', 40, 'Set a reminder')).statusCode).toBe(201);
  expect((await highlight(as, bread.id, 'Flour and water,\nnothing else', 10)).statusCode).toBe(201);
  expect((await highlight(as, colon.id, 'Same title, another page', 0)).statusCode).toBe(201);
  const other = await signedInUser(t, 'pro');
  const [theirs] = await createLinks(t.ctx, other.user, [{ title: 'Theirs' }]);
  await highlight(other, theirs.id, 'Not yours', 0);
  return { as, bread, plain };
}

describe('GET /api/export/markdown', () => {
  it('downloads a ZIP of one Markdown file per link with highlights: front matter, notes, each highlight a blockquote with its note', async () => {
    const { as } = await stashWithHighlights();
    const res = await t.app.inject({ method: 'GET', url: '/api/export/markdown', headers: as.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="stash-highlights-\d{4}-\d{2}-\d{2}\.zip"$/);

    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['Sourdough a guide (2).md', 'Sourdough a guide.md']);
    const file = strFromU8(files['Sourdough a guide.md']);
    const [, frontMatter, body] = file.split(/^---$/m);
    expect(parse(frontMatter)).toEqual({
      title: 'Sourdough: a guide',
      url: 'https://bread.example/sourdough',
      site: 'Bread Weekly',
      saved: '2025-03-04',
      categories: ['Food', 'Home'],
    });
    expect(body.trim()).toBe(
      [
        '# Sourdough: a guide',
        '## Notes',
        'Try this at the weekend',
        '## Highlights',
        '> Flour and water,\n> nothing else',
        '> Feed the starter daily',
        'Set a reminder',
      ].join('\n\n'),
    );
    expect(strFromU8(files['Sourdough a guide (2).md'])).toContain('> Same title, another page');
  });

  it('answers an empty ZIP when nothing is highlighted, and needs a signed-in user', async () => {
    const as = await signedInUser(t, 'pro');
    await createLinks(t.ctx, as.user, [{ title: 'Unmarked' }]);
    const res = await t.app.inject({ method: 'GET', url: '/api/export/markdown', headers: as.headers });
    expect(Object.keys(unzipSync(new Uint8Array(res.rawPayload)))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/export/markdown' })).statusCode).toBe(401);
  });
});

describe('GET /api/export/json', () => {
  it("carries each link's highlights with their selectors, colour and note", async () => {
    const { as, plain } = await stashWithHighlights();
    const exported = (await t.app.inject({ method: 'GET', url: '/api/export/json', headers: as.headers })).json();
    const bread = exported.links.find((link: { url: string }) => link.url === 'https://bread.example/sourdough');
    expect(bread.highlights).toEqual([
      {
        exact: 'Flour and water,\nnothing else',
        prefix: '',
        suffix: '',
        start: 10,
        end: 39,
        color: 'yellow',
        note: null,
        anchored: true,
        createdAt: expect.any(String),
      },
      {
        exact: 'Feed the starter daily',
        prefix: '',
        suffix: '',
        start: 40,
        end: 62,
        color: 'yellow',
        note: 'Set a reminder',
        anchored: true,
        createdAt: expect.any(String),
      },
    ]);
    expect(exported.links.find((link: { url: string }) => link.url === plain.url).highlights).toEqual([]);
    expect(JSON.stringify(exported)).not.toContain('Not yours');
  });
});
