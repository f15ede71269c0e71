import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_ORIGIN } from '../../../tests/support/factories';
import { createLinks, signedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { links } from '../db/schema';
import { linkActionUrl, type LinkAction } from './urls';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const pathOf = (url: string) => new URL(url).pathname;
const tamper = (url: string) => url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
const post = (url: string) =>
  t.app.inject({ method: 'POST', url, headers: { ...OWN_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
const linkRow = async (id: string) => (await t.ctx.database.db.select().from(links).where(eq(links.id, id)))[0];

async function savedLink() {
  const { user } = await signedInUser(t, 'trial');
  const [link] = await createLinks(t.ctx, user, [{ title: 'An essay on gardens', createdAt: new Date(Date.now() - 40 * 86_400_000) }]);
  return { user, link };
}

describe("a digest's one-tap actions", () => {
  it.each<[LinkAction, string, string]>([
    ['markRead', 'Mark read', 'Marked as read'],
    ['snooze', 'Snooze', 'Snoozed'],
    ['stopIncluding', 'Stop including', 'No longer in your digests'],
  ])('%s: a GET only asks, with one button; the POST acts and says what happened, linking to My Stash', async (action, button, done) => {
    const { user, link } = await savedLink();
    const url = pathOf(linkActionUrl(t.ctx.config, action, link.id, user.id));

    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('An essay on gardens');
    expect(page.body).toContain(`<form action="${url}" method="post"><button type="submit">${button}</button></form>`);
    expect(await linkRow(link.id)).toMatchObject({ readAt: null, snoozedAt: null, includeInNewsletter: true });

    const result = await post(url);
    expect(result.statusCode).toBe(200);
    expect(result.body).toContain(done);
    expect(result.body).toContain('href="http://localhost:3000/history"');
    const after = await linkRow(link.id);
    if (action === 'markRead') expect(after.readAt).toBeInstanceOf(Date);
    if (action === 'snooze') expect(after).toMatchObject({ snoozedAt: expect.any(Date), readAt: null });
    if (action === 'stopIncluding') expect(after.includeInNewsletter).toBe(false);
  });

  it('refuses a tampered token, a token of another action, and a token naming another user’s link, changing nothing', async () => {
    const { user, link } = await savedLink();
    const other = await savedLink();
    const attempts = [
      tamper(pathOf(linkActionUrl(t.ctx.config, 'stopIncluding', link.id, user.id))),
      // A snooze token on the stop-including path.
      pathOf(linkActionUrl(t.ctx.config, 'snooze', link.id, user.id)).replace('/snooze/', '/stop-including/'),
      // Signed for this user, but naming someone else's link.
      pathOf(linkActionUrl(t.ctx.config, 'stopIncluding', other.link.id, user.id)),
    ];
    for (const url of attempts) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      const res = await post(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('This link is not valid');
    }
    expect(await linkRow(link.id)).toMatchObject({ includeInNewsletter: true });
    expect(await linkRow(other.link.id)).toMatchObject({ includeInNewsletter: true });
  });

  it("puts the link back as it was with the result page's Undo, and answers 400 to an undo that is not one", async () => {
    const { user, link } = await savedLink();
    const url = pathOf(linkActionUrl(t.ctx.config, 'stopIncluding', link.id, user.id));
    const done = await post(url);
    const previous = /name="previous" value="([^"]+)"/.exec(done.body)![1].replaceAll('&quot;', '"');
    expect((await linkRow(link.id)).includeInNewsletter).toBe(false);
    const undo = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `${url}/undo`,
        headers: { ...OWN_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    for (const bad of [
      '',
      'previous=nope',
      `previous=${encodeURIComponent('{"readAt":"yesterday","snoozedAt":null,"includeInNewsletter":true}')}`,
    ])
      expect((await undo(bad)).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${tamper(url)}/undo`,
          headers: { ...OWN_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
          payload: `previous=${encodeURIComponent(previous)}`,
        })
      ).statusCode,
    ).toBe(404);
    const undone = await undo(`previous=${encodeURIComponent(previous)}`);
    expect(undone.statusCode).toBe(200);
    expect(undone.body).toContain('is back as it was.');
    expect(await linkRow(link.id)).toMatchObject({ includeInNewsletter: true, readAt: null, snoozedAt: null });
  });
});
