import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinks, signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { highlightMessages } from '../../shared/highlight-schemas';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const get = (as: SignedInUser, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: as.headers.cookie } });
const post = (as: SignedInUser, linkId: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/links/${linkId}/highlights`, headers: as.headers, payload: payload as object });
const patch = (as: SignedInUser, id: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/highlights/${id}`, headers: as.headers, payload: payload as object });
const remove = (as: SignedInUser, id: string) => t.app.inject({ method: 'DELETE', url: `/api/highlights/${id}`, headers: as.headers });

const passage = { exact: 'the quick brown fox', prefix: 'Once upon a time ', suffix: ' jumped over', start: 17, end: 36 };

async function userWithLink(title = 'Foxes') {
  const as = await signedInUser(t, 'pro');
  const [link] = await createLinks(t.ctx, as.user, [{ title, siteName: 'Example' }]);
  return { as, link };
}

describe('POST and GET /api/links/:id/highlights', () => {
  it('saves a highlight, yellow by default, lists it with the link and counts it on every link answer', async () => {
    const { as, link } = await userWithLink();
    const res = await post(as, link.id, passage);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      ...passage,
      id: expect.any(String),
      linkId: link.id,
      color: 'yellow',
      note: null,
      anchored: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const second = await post(as, link.id, {
      ...passage,
      exact: 'Once',
      prefix: '',
      suffix: ' upon',
      start: 0,
      end: 4,
      color: 'pink',
      note: 'Opening',
    });
    expect(second.json()).toMatchObject({ color: 'pink', note: 'Opening' });

    const listed = await get(as, `/api/links/${link.id}/highlights`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((h: { exact: string }) => h.exact)).toEqual(['Once', 'the quick brown fox']);

    const history = (await get(as, '/api/links/history')).json();
    expect(history.links[0]).toMatchObject({ id: link.id, highlightCount: 2 });
    expect((await get(as, '/api/links/today')).json()[0].highlightCount).toBe(2);
  });

  it("answers 404 for another user's link, an unknown id and an id that is no id, and saves nothing", async () => {
    const { link } = await userWithLink();
    const { as: stranger } = await userWithLink();
    for (const id of [link.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const created = await post(stranger, id, passage);
      expect(created.statusCode).toBe(404);
      expect(created.json().message).toBe('There is no such link.');
      expect((await get(stranger, `/api/links/${id}/highlights`)).statusCode).toBe(404);
    }
  });

  it('answers an empty list for an own link without highlights', async () => {
    const { as, link } = await userWithLink();
    expect((await get(as, `/api/links/${link.id}/highlights`)).json()).toEqual([]);
  });

  it('refuses bad input with 400 and a message, never 500', async () => {
    const { as, link } = await userWithLink();
    const cases: [unknown, string][] = [
      [{ ...passage, exact: '' }, highlightMessages.exactRequired],
      [{ ...passage, exact: 'x'.repeat(5001) }, highlightMessages.exactTooLong],
      [{ ...passage, exact: 'nul\u0000byte' }, highlightMessages.textInvalid],
      [{ ...passage, exact: undefined }, highlightMessages.exactRequired],
      [{ ...passage, suffix: 42 }, highlightMessages.textInvalid],
      [{ ...passage, note: 'n'.repeat(2001) }, highlightMessages.noteTooLong],
      [{ ...passage, color: 'purple' }, highlightMessages.colorInvalid],
      [{ ...passage, prefix: 'p'.repeat(33) }, highlightMessages.contextTooLong],
      [{ ...passage, start: 10, end: 5 }, highlightMessages.positionInvalid],
      [{ ...passage, start: -1 }, highlightMessages.positionInvalid],
      [{ ...passage, start: 1.5 }, highlightMessages.positionInvalid],
      [{ ...passage, end: '36' }, highlightMessages.positionInvalid],
      [{ ...passage, end: undefined }, highlightMessages.positionInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await post(as, link.id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // The limits themselves pass.
    expect((await post(as, link.id, { ...passage, exact: 'x'.repeat(5000), end: 5017, note: 'n'.repeat(2000) })).statusCode).toBe(201);
    expect((await get(as, '/api/links/history')).json().links[0].highlightCount).toBe(1);
  });
});

describe('PATCH and DELETE /api/highlights/:id', () => {
  it('changes the colour and the note, removes an emptied note, and deletes the highlight and its count', async () => {
    const { as, link } = await userWithLink();
    const { id } = (await post(as, link.id, passage)).json();
    const recoloured = await patch(as, id, { color: 'green', note: 'Remember this' });
    expect(recoloured.statusCode).toBe(200);
    expect(recoloured.json()).toMatchObject({ id, color: 'green', note: 'Remember this' });
    expect((await patch(as, id, { note: '' })).json()).toMatchObject({ color: 'green', note: null });

    expect((await remove(as, id)).statusCode).toBe(204);
    expect((await get(as, `/api/links/${link.id}/highlights`)).json()).toEqual([]);
    expect((await get(as, '/api/links/history')).json().links[0].highlightCount).toBe(0);
    expect((await remove(as, id)).statusCode).toBe(404);
  });

  it("answers 404 for another user's highlight and leaves it as it was", async () => {
    const { as, link } = await userWithLink();
    const { id } = (await post(as, link.id, passage)).json();
    const { as: stranger } = await userWithLink();
    for (const target of [id, 'not-an-id']) {
      const changed = await patch(stranger, target, { color: 'blue' });
      expect(changed.statusCode).toBe(404);
      expect(changed.json().message).toBe(highlightMessages.highlightNotFound);
      expect((await remove(stranger, target)).statusCode).toBe(404);
    }
    expect((await get(as, `/api/links/${link.id}/highlights`)).json()[0]).toMatchObject({ id, color: 'yellow' });
  });

  it('refuses an empty change, a bad colour and a long note with 400', async () => {
    const { as, link } = await userWithLink();
    const { id } = (await post(as, link.id, passage)).json();
    expect((await patch(as, id, {})).json()).toMatchObject({ message: 'Nothing to change' });
    expect((await patch(as, id, { color: 'red' })).json().message).toBe(highlightMessages.colorInvalid);
    const long = await patch(as, id, { note: 'n'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(highlightMessages.noteTooLong);
  });
});

describe('GET /api/highlights', () => {
  it("lists only the user's highlights, newest first, with the link, pages them and finds words in passages and notes", async () => {
    const { as, link } = await userWithLink('Fox facts');
    const [other] = await createLinks(t.ctx, as.user, [{ title: 'Cats', siteName: 'Cat site' }]);
    await post(as, link.id, passage);
    await post(as, other.id, { ...passage, exact: 'cats sleep a lot', note: 'about felines' });
    await post(as, other.id, { ...passage, exact: 'whiskers', note: null });
    const { as: stranger, link: strangerLink } = await userWithLink();
    await post(stranger, strangerLink.id, passage);

    const all = (await get(as, '/api/highlights')).json();
    expect(all.highlights.map((h: { exact: string }) => h.exact)).toEqual(['whiskers', 'cats sleep a lot', 'the quick brown fox']);
    expect(all.highlights[2].link).toEqual({ id: link.id, title: 'Fox facts', url: link.url, siteName: 'Example' });
    expect(all.pagination).toMatchObject({ page: 1, total: 3, totalPages: 1 });

    const paged = (await get(as, '/api/highlights?limit=10&page=2')).json();
    expect(paged.highlights).toEqual([]);
    expect(paged.pagination.total).toBe(3);

    expect((await get(as, '/api/highlights?q=brown')).json().highlights.map((h: { exact: string }) => h.exact)).toEqual([
      'the quick brown fox',
    ]);
    // A word of a note, and an unfinished last word.
    expect((await get(as, '/api/highlights?q=felin')).json().highlights.map((h: { exact: string }) => h.exact)).toEqual([
      'cats sleep a lot',
    ]);
    expect((await get(stranger, '/api/highlights?q=cats')).json().highlights).toEqual([]);
  });

  it('keeps only the highlights of links in the category asked for', async () => {
    const as = await signedInUser(t, 'pro');
    const [cooking, pets] = await createLinks(t.ctx, as.user, [
      { title: 'Bread', categories: ['Cooking'] },
      { title: 'Cats', categories: ['Pets', 'Home'] },
    ]);
    await post(as, cooking.id, { ...passage, exact: 'knead the dough' });
    await post(as, pets.id, { ...passage, exact: 'cats purr' });
    const inCategory = (await get(as, '/api/highlights?category=Pets')).json();
    expect(inCategory.highlights.map((h: { exact: string }) => h.exact)).toEqual(['cats purr']);
    expect(inCategory.pagination.total).toBe(1);
    expect((await get(as, '/api/highlights?category=Cooking&q=cats')).json().highlights).toEqual([]);
    expect((await get(as, '/api/highlights?category=Garden')).json().pagination.total).toBe(0);
  });

  it('refuses a bad page or page size with 400', async () => {
    const { as } = await userWithLink();
    expect((await get(as, '/api/highlights?page=0')).statusCode).toBe(400);
    expect((await get(as, '/api/highlights?limit=7')).json().message).toBe('Page size must be 10, 20 or 50');
    expect((await get(as, `/api/highlights?q=${'w'.repeat(201)}`)).statusCode).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('describes every highlights route with its body and answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/links/{id}/highlights']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/highlights/{id}']).sort()).toEqual(['delete', 'patch']);
    expect(doc.paths['/api/highlights'].get.responses['200']).toBeDefined();
    const body = doc.paths['/api/links/{id}/highlights'].post.requestBody.content['application/json'].schema;
    expect(body.properties.color.enum).toEqual(['yellow', 'green', 'blue', 'pink']);
    expect(doc.paths['/api/export/markdown'].get).toBeDefined();
  });
});
