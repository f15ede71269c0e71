import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, OWN_ORIGIN, signIn } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { createLinks, signedInUser } from '../../../tests/support/links';
import { analyticsEvents, digestSends, mailEvents, mailOutbox, subscriptions, users } from '../db/schema';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
});

afterAll(async () => {
  await t?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

const track = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/events', headers: { ...OWN_ORIGIN, ...headers }, payload: payload as object, remoteAddress });
const metricsOf = async (email: string) => {
  const [admin] = await t.ctx.database.db.select().from(users).where(eq(users.email, email));
  const cookie = await signIn(t, admin ?? (await createUser(t.ctx, { email })));
  return (await t.app.inject({ method: 'GET', url: '/api/admin/metrics', headers: { cookie } })).json();
};
const eventsNamed = (name: string) => t.ctx.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.name, name));

describe('POST /api/events', () => {
  it('records a known event with its props in the first-party log', async () => {
    const res = await track({ name: 'feature_click', props: { feature: 'Quick Stash', position: 1, fromAd: false, ref: null } });
    expect(res.statusCode).toBe(204);
    const [row] = await eventsNamed('feature_click');
    expect(row).toMatchObject({ userId: null, props: { feature: 'Quick Stash', position: 1, fromAd: false, ref: null } });
  });

  it("records the signed-in user's id, and empty props when none are sent", async () => {
    const user = await createUser(t.ctx);
    const res = await track({ name: 'dashboard_view' }, { cookie: await signIn(t, user) });
    expect(res.statusCode).toBe(204);
    expect(await eventsNamed('dashboard_view')).toMatchObject([{ userId: user.id, props: {} }]);
  });

  it('refuses an unknown event name with 400', async () => {
    const res = await track({ name: 'drop_table' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: 'Unknown event name' });
    expect(await eventsNamed('drop_table')).toEqual([]);
  });

  it('refuses props that are nested, too many, too long or oddly named', async () => {
    const tooMany = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p${i}`, i]));
    for (const props of [
      { nested: { a: 1 } },
      { list: [1, 2] },
      tooMany,
      { text: 'x'.repeat(201) },
      { 'bad key': 1 },
      { ['k'.repeat(41)]: 1 },
    ]) {
      const res = await track({ name: 'engagement', props });
      expect(res.statusCode, JSON.stringify(props).slice(0, 60)).toBe(400);
    }
    expect(await eventsNamed('engagement')).toEqual([]);
  });

  it('refuses a body over 4 KB with 413', async () => {
    const res = await track({ name: 'engagement', props: { a: 'x'.repeat(200), pad: 'y'.repeat(5000) } });
    expect(res.statusCode).toBe(413);
  });

  it('refuses a request from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { origin: 'https://evil.example', cookie: 'stash.sid=x' },
      payload: { name: 'engagement' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('limits each address to 120 events a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await track({ name: 'help_click' }, {}, '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 120).every((status) => status === 204)).toBe(true);
    expect(statuses[120]).toBe(429);
    expect((await track({ name: 'help_click' }, {}, '10.9.9.10')).statusCode).toBe(204);
  });
});

describe('GET /api/admin/metrics', () => {
  it('shows an administrator the count of each event per UTC day over the last 30 days, newest first', async () => {
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS);
    await t.ctx.database.db.insert(analyticsEvents).values([
      { name: 'video_play', createdAt: at(0) },
      { name: 'video_play', createdAt: at(0) },
      { name: 'landing_view', createdAt: at(2) },
      { name: 'landing_view', createdAt: at(29) },
      { name: 'landing_view', createdAt: at(31) },
    ]);
    const cookie = await signIn(t, await createUser(t.ctx, { email: 'boss@example.com' }));
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/metrics', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const { days, counts } = res.json();
    expect(days).toBe(30);
    expect(counts).toContainEqual({ day: utcDay(at(0)), name: 'video_play', count: 2 });
    expect(counts).toContainEqual({ day: utcDay(at(2)), name: 'landing_view', count: 1 });
    expect(counts).toContainEqual({ day: utcDay(at(29)), name: 'landing_view', count: 1 });
    expect(counts.some((row: { day: string }) => row.day === utcDay(at(31)))).toBe(false);
    const daysInOrder = counts.map((row: { day: string }) => row.day);
    expect(daysInOrder).toEqual([...daysInOrder].sort().reverse());
  });

  it('counts the key figures per day from their own rows: landing views, sign-ups, trials, purchases, digests sent, links saved', async () => {
    const today = utcDay(new Date());
    const before = await metricsOf('boss@example.com');
    const figure = (answer: { keyFigures: { day: string; name: string; count: number }[] }, name: string) =>
      answer.keyFigures.find((row) => row.day === today && row.name === name)?.count ?? 0;

    const trial = await createUser(t.ctx);
    const free = await createUser(t.ctx, { accountType: 'free' });
    await createLinks(t.ctx, trial, [{ url: 'https://one.example/' }, { url: 'https://two.example/' }]);
    await t.ctx.database.db.insert(subscriptions).values({ userId: free.id, status: 'active' });
    // Digests: a scheduled one and a "Send now" one handed to SMTP, one still queued, and a mail that is no digest.
    const mail = (template: string, status: 'sent' | 'queued') => ({
      userId: trial.id,
      template,
      to: trial.email,
      subject: 'A subject',
      html: '<p>Hello</p>',
      text: 'Hello',
      status,
      sentAt: status === 'sent' ? new Date() : null,
    });
    const [scheduled] = await t.ctx.database.db
      .insert(mailOutbox)
      .values([mail('digest', 'sent'), mail('digest', 'sent'), mail('digest', 'queued'), mail('verify-email', 'sent')])
      .returning();
    await t.ctx.database.db.insert(digestSends).values([
      { userId: trial.id, scheduledFor: new Date(), status: 'sent', outboxId: scheduled.id },
      { userId: free.id, scheduledFor: new Date(), status: 'failed' },
    ]);
    await t.ctx.database.db.insert(analyticsEvents).values({ name: 'landing_view' });
    // An import today of links another service saved 10 days ago: today's saves, not that day's.
    const tenDaysAgo = new Date(Date.now() - 10 * DAY_MS);
    const savedThen = await metricsOf('boss@example.com');
    const importer = await signedInUser(t, 'trial');
    const pocket = `title,url,time_added,cursor,tags,status\nOld one,https://old.example/1,${Math.floor(tenDaysAgo.getTime() / 1000)},c1,,archive\nOld two,https://old.example/2,${Math.floor(tenDaysAgo.getTime() / 1000)},c2,,unread\n`;
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/import/pocket',
      headers: importer.headers,
      payload: { csvData: pocket },
    });
    expect(imported.json()).toMatchObject({ imported: 2 });

    const after = await metricsOf('boss@example.com');
    const grew = Object.fromEntries(
      ['landing_views', 'sign_ups', 'trials', 'purchases', 'digests_sent', 'links_saved'].map((name) => [
        name,
        figure(after, name) - figure(before, name),
      ]),
    );
    expect(grew).toEqual({ landing_views: 1, sign_ups: 3, trials: 2, purchases: 1, digests_sent: 2, links_saved: 4 });
    const onDay = (answer: { keyFigures: { day: string; name: string; count: number }[] }, name: string) =>
      answer.keyFigures.find((row) => row.day === utcDay(tenDaysAgo) && row.name === name)?.count ?? 0;
    expect(onDay(after, 'links_saved')).toBe(onDay(savedThen, 'links_saved'));
  });

  it("counts digests per UTC day of their slot by state, with that day's bounces and complaints", async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * DAY_MS);
    const day = utcDay(threeDaysAgo);
    const digestsOn = (answer: { digests: { day: string; name: string; count: number }[] }, on: string) =>
      Object.fromEntries(answer.digests.filter((row) => row.day === on).map((row) => [row.name, row.count]));
    const before = digestsOn(await metricsOf('boss@example.com'), day);

    const user = await createUser(t.ctx);
    const slot = (minutes: number) => new Date(threeDaysAgo.getTime() + minutes * 60_000);
    const statuses = ['sent', 'sent', 'failed', 'skipped', 'uncertain', 'pending', 'sending'] as const;
    await t.ctx.database.db
      .insert(digestSends)
      .values([
        ...statuses.map((status, i) => ({ userId: user.id, scheduledFor: slot(i), status })),
        { userId: user.id, scheduledFor: new Date(Date.now() - 31 * DAY_MS), status: 'sent' as const },
      ]);
    await t.ctx.database.db
      .insert(mailEvents)
      .values((['bounce', 'complaint', 'refusal', 'deferral'] as const).map((kind) => ({ kind, createdAt: threeDaysAgo })));

    const answer = await metricsOf('boss@example.com');
    const after = digestsOn(answer, day);
    const grew = Object.fromEntries(
      ['sent', 'failed', 'skipped', 'uncertain', 'in_progress', 'bounces', 'complaints'].map((name) => [
        name,
        (after[name] ?? 0) - (before[name] ?? 0),
      ]),
    );
    expect(grew).toEqual({ sent: 2, failed: 1, skipped: 1, uncertain: 1, in_progress: 2, bounces: 1, complaints: 1 });
    expect(Object.keys(after).sort()).toEqual(['bounces', 'complaints', 'failed', 'in_progress', 'sent', 'skipped', 'uncertain']);
    expect(answer.digests.some((row: { day: string }) => row.day === utcDay(new Date(Date.now() - 31 * DAY_MS)))).toBe(false);
    const daysInOrder = answer.digests.map((row: { day: string }) => row.day);
    expect(daysInOrder).toEqual([...daysInOrder].sort().reverse());
  });

  it('answers 403 to anyone else signed in, 401 to nobody', async () => {
    const cookie = await signIn(t, await createUser(t.ctx));
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/metrics', headers: { cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/metrics' })).statusCode).toBe(401);
  });
});
