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

const search = async (as: SignedInUser, query: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/links/history?${query}`, headers: { cookie: as.headers.cookie } })).json();
const highlight = (as: SignedInUser, linkId: string, exact: string, note?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/links/${linkId}/highlights`,
    headers: as.headers,
    payload: { exact, prefix: '', suffix: '', start: 0, end: exact.length, note },
  });

describe('My Stash search and highlights', () => {
  it('finds a link by the words of its highlights and of the notes on them, and shows them in the match', async () => {
    const as = await signedInUser(t, 'pro');
    const [bread, cats, titled] = await createLinks(t.ctx, as.user, [
      { title: 'Bread at home', categories: ['Food'] },
      { title: 'Cats', categories: ['Pets'] },
      { title: 'Leavening explained' },
    ]);
    expect((await highlight(as, bread.id, 'A sourdough starter needs flour and water', 'feed it every morning')).statusCode).toBe(201);
    await highlight(as, cats.id, 'Cats sleep sixteen hours a day');
    await highlight(as, titled.id, 'leavening with a starter');
    const stranger = await signedInUser(t, 'pro');
    const [theirs] = await createLinks(t.ctx, stranger.user, [{ title: 'Theirs' }]);
    await highlight(stranger, theirs.id, 'another sourdough starter');

    const byPassage = await search(as, 'q=sourdough');
    expect(byPassage.links.map((link: { id: string }) => link.id)).toEqual([bread.id]);
    expect(byPassage.links[0].match).toContain('<mark>sourdough</mark>');
    expect(byPassage.links[0]).toMatchObject({ highlightCount: 1, matchInHighlights: true });

    const byNote = await search(as, 'q=morni');
    expect(byNote.links.map((link: { id: string }) => link.id)).toEqual([bread.id]);
    expect(byNote.links[0].match).toContain('<mark>morning</mark>');

    // A title match ranks first; a highlight match follows; both are counted.
    const both = await search(as, 'q=leavening');
    expect(both.links.map((link: { id: string }) => link.id)).toEqual([titled.id]);
    expect(both.links[0].matchInHighlights).toBe(true);
    expect((await search(as, 'q=bread')).links[0]).toMatchObject({ id: bread.id, matchInHighlights: false });
    const starter = await search(as, 'q=starter');
    expect(starter.links.map((link: { id: string }) => link.id).sort()).toEqual([bread.id, titled.id].sort());
    expect(starter.pagination.total).toBe(2);

    // Filters still hold.
    expect((await search(as, 'q=sourdough&category=Pets')).links).toEqual([]);
    expect((await search(stranger, 'q=sixteen')).links).toEqual([]);
  });
});
