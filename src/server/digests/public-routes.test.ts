import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinks, reloadUser, signedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { eq } from 'drizzle-orm';
import { links, mailOutbox } from '../db/schema';
import { sendDigestNow } from './send-now';
import { openLinkUrl, unsubscribeUrl, webViewUrl } from './urls';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const pathOf = (url: string) => new URL(url).pathname;
/** The same token with one character changed. */
const tamper = (url: string) => url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
const ONE_CLICK = 'List-Unsubscribe=One-Click';

async function dailyUser() {
  return signedInUser(t, 'trial', { emailFrequency: 'daily', emailTime: 8, nextDigestAt: new Date(Date.now() + 3_600_000) });
}

describe('one-click unsubscribe', () => {
  it('stops digests at once on a POST with List-Unsubscribe=One-Click and no session, answering 200', async () => {
    const { user } = await dailyUser();
    const res = await t.app.inject({
      method: 'POST',
      url: pathOf(unsubscribeUrl(t.ctx.config, user.id)),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: ONE_CLICK,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('You are unsubscribed');
    expect(await reloadUser(t.ctx, user.id)).toMatchObject({ emailFrequency: 'none', nextDigestAt: null });
  });

  it('leaves Settings → Newsletter its preview of the digest there would be', async () => {
    const as = await dailyUser();
    await createLinks(t.ctx, as.user, [{ title: 'Still in my stash', createdAt: new Date(Date.now() - 3_600_000) }]);
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: pathOf(unsubscribeUrl(t.ctx.config, as.user.id)),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: ONE_CLICK,
    });
    expect(unsubscribed.statusCode).toBe(200);
    const preview = await t.app.inject({ method: 'GET', url: '/api/digest/preview', headers: { cookie: as.headers.cookie } });
    expect(preview.json()).toMatchObject({ nextSendAt: null, linkCount: 1 });
    expect(preview.json().html).toContain('Still in my stash');
  });

  it('takes the same field as multipart/form-data, and from a mail provider page of another origin', async () => {
    const { user } = await dailyUser();
    const boundary = 'x-boundary';
    const res = await t.app.inject({
      method: 'POST',
      url: pathOf(unsubscribeUrl(t.ctx.config, user.id)),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: 'https://mail.example' },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(200);
    expect((await reloadUser(t.ctx, user.id)).emailFrequency).toBe('none');
  });

  it('shows a confirmation page on GET and changes nothing, since link scanners fetch every link', async () => {
    const { user } = await dailyUser();
    const url = pathOf(unsubscribeUrl(t.ctx.config, user.id));
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(`<form action="${url}" method="post">`);
    expect(res.body).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click"/>');
    expect((await reloadUser(t.ctx, user.id)).emailFrequency).toBe('daily');
  });

  it('answers 404 to a tampered token and changes nothing', async () => {
    const { user } = await dailyUser();
    const url = pathOf(tamper(unsubscribeUrl(t.ctx.config, user.id)));
    const post = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: ONE_CLICK,
    });
    expect(post.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    // A token of another kind for the same user does not unsubscribe either.
    const viewToken = pathOf(webViewUrl(t.ctx.config, randomUUID(), user.id))
      .split('/')
      .pop();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/unsubscribe/${viewToken}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: ONE_CLICK,
        })
      ).statusCode,
    ).toBe(404);
    expect((await reloadUser(t.ctx, user.id)).emailFrequency).toBe('daily');
  });

  it('wants the one-click field in the POST', async () => {
    const { user } = await dailyUser();
    const res = await t.app.inject({
      method: 'POST',
      url: pathOf(unsubscribeUrl(t.ctx.config, user.id)),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'hello=1',
    });
    expect(res.statusCode).toBe(400);
    expect((await reloadUser(t.ctx, user.id)).emailFrequency).toBe('daily');
  });
});

describe("a digest's links", () => {
  it('marks the link read and redirects to its saved URL', async () => {
    const { user } = await dailyUser();
    const [link] = await createLinks(t.ctx, user, [{ url: 'https://news.example/story?id=7' }]);
    const res = await t.app.inject({ method: 'GET', url: pathOf(openLinkUrl(t.ctx.config, link.id, user.id)) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://news.example/story?id=7');
    const [after] = await t.ctx.database.db.select().from(links).where(eq(links.id, link.id));
    expect(after.readAt).toBeInstanceOf(Date);
  });

  it('leaves every link unread when a mail scanner opens them all at once, still redirecting each', async () => {
    const { user } = await dailyUser();
    const saved = await createLinks(
      t.ctx,
      user,
      [1, 2, 3, 4].map((n) => ({ url: `https://news.example/scanned/${n}` })),
    );
    const answers = [];
    for (const link of saved) answers.push(await t.app.inject({ method: 'GET', url: pathOf(openLinkUrl(t.ctx.config, link.id, user.id)) }));
    expect(answers.map((res) => res.statusCode)).toEqual([302, 302, 302, 302]);
    const after = await t.ctx.database.db.select().from(links).where(eq(links.userId, user.id));
    expect(after.map((link) => link.readAt)).toEqual([null, null, null, null]);
  });

  it('marks read the links a reader opens one after another, and the same link opened twice', async () => {
    const { user } = await dailyUser();
    const [first, second] = await createLinks(t.ctx, user, [{ url: 'https://news.example/one' }, { url: 'https://news.example/two' }]);
    for (const link of [first, first, second])
      await t.app.inject({ method: 'GET', url: pathOf(openLinkUrl(t.ctx.config, link.id, user.id)) });
    const after = await t.ctx.database.db.select().from(links).where(eq(links.userId, user.id));
    expect(after.every((link) => link.readAt instanceof Date)).toBe(true);
  });

  it('leaves the link unread for a HEAD, as link checkers send', async () => {
    const { user } = await dailyUser();
    const [link] = await createLinks(t.ctx, user, [{ url: 'https://news.example/checked' }]);
    const res = await t.app.inject({ method: 'HEAD', url: pathOf(openLinkUrl(t.ctx.config, link.id, user.id)) });
    expect(res.statusCode).toBe(302);
    const [after] = await t.ctx.database.db.select().from(links).where(eq(links.id, link.id));
    expect(after.readAt).toBeNull();
  });

  it('leaves the link unread when the user turned read tracking off', async () => {
    const { user } = await signedInUser(t, 'trial', { trackReads: false });
    const [link] = await createLinks(t.ctx, user, [{ url: 'https://news.example/private' }]);
    const res = await t.app.inject({ method: 'GET', url: pathOf(openLinkUrl(t.ctx.config, link.id, user.id)) });
    expect(res.statusCode).toBe(302);
    const [after] = await t.ctx.database.db.select().from(links).where(eq(links.id, link.id));
    expect(after.readAt).toBeNull();
  });

  it('answers 404 to a tampered token or another user’s link, and never redirects anywhere but the saved URL', async () => {
    const { user } = await dailyUser();
    const other = await dailyUser();
    const [link] = await createLinks(t.ctx, user, [{ url: 'https://news.example/mine' }]);
    for (const url of [
      pathOf(tamper(openLinkUrl(t.ctx.config, link.id, user.id))),
      pathOf(openLinkUrl(t.ctx.config, link.id, other.user.id)),
      '/api/digest/open/https%3A%2F%2Fevil.example',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location).toBeUndefined();
    }
    const [unread] = await t.ctx.database.db.select().from(links).where(eq(links.id, link.id));
    expect(unread.readAt).toBeNull();

    const res = await t.app.inject({
      method: 'GET',
      url: `${pathOf(openLinkUrl(t.ctx.config, link.id, user.id))}?url=https://evil.example`,
    });
    expect(res.headers.location).toBe('https://news.example/mine');
  });

  it('shows the digest as it was sent in the browser, and nothing for a tampered token', async () => {
    const { user } = await signedInUser(t, 'pro');
    await createLinks(t.ctx, user, [{ title: 'In the web view', createdAt: new Date(Date.now() - 1000) }]);
    await sendDigestNow(t.ctx, { user, kind: 'session' });
    const [mail] = await t.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id));
    const url = /href="(http:\/\/localhost:3000\/digest\/[\w-]+)"/.exec(mail.html)![1];

    const res = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(res.statusCode).toBe(200);
    // As sent, with its body as the page's one main landmark.
    expect(res.body.replace('<main>', '').replace('</main>', '')).toBe(mail.html);
    expect(res.body.match(/<main>/g)).toHaveLength(1);
    expect(res.body).toMatch(/<\/head><main>[\s\S]*Your digest[\s\S]*<\/main><\/html>/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect((await t.app.inject({ method: 'GET', url: pathOf(tamper(url)) })).statusCode).toBe(404);
  });
});
