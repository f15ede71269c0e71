import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestDatabase } from '../../../tests/support/database';
import { migrationsFolder } from '../paths';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { connect } from './client';
import { runMigrations } from './migrate';
import { apiTokens, categories, links, sessions, users } from './schema';

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
const migrationCount = journal.entries.length;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ emptyDatabase: true });
});
afterAll(async () => t?.close());

describe('migrations', () => {
  it('create every table on an empty database', async () => {
    const { rows } = await t.ctx.database.pool.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        'analytics_events',
        'api_tokens',
        'categories',
        'digest_sends',
        'invitations',
        'links',
        'mail_outbox',
        'payment_events',
        'releases',
        'session',
        'subscriptions',
        'trial_reminders_sent',
        'users',
      ]),
    );
  });

  it('are not applied twice', async () => {
    await runMigrations(t.ctx.database.pool);
    const { rows } = await t.ctx.database.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(rows[0].n).toBe(migrationCount);
  });
});

// Two instances starting at once need two connections to one server: PostgreSQL only.
it.skipIf(!process.env.TEST_DATABASE_URL)('take turns when two instances start together', async () => {
  const fresh = await createTestDatabase();
  const [a, b] = [connect(fresh.url!), connect(fresh.url!)];
  try {
    await Promise.all([runMigrations(a.pool), runMigrations(b.pool)]);
    const { rows } = await a.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(rows[0].n).toBe(migrationCount);
  } finally {
    await Promise.all([a.close(), b.close()]);
    await fresh.drop();
  }
});

describe('the schema', () => {
  const db = () => t.ctx.database.db;

  it('keeps e-mail addresses unique whatever their case', async () => {
    await db().insert(users).values({ email: 'Case@Example.com' });
    await expect(db().insert(users).values({ email: 'case@example.COM' })).rejects.toThrow();
  });

  it("removes a user's links, categories, sessions and tokens with the user, and clears invitedById", async () => {
    const [inviter] = await db().insert(users).values({ email: 'inviter@example.com' }).returning();
    const [friend] = await db().insert(users).values({ email: 'friend@example.com', invitedById: inviter.id }).returning();
    const [category] = await db().insert(categories).values({ userId: inviter.id, name: 'Reading' }).returning();
    await db()
      .insert(links)
      .values({ userId: inviter.id, url: 'https://example.com', normalizedUrl: 'example.com', categoryId: category.id });
    await db()
      .insert(sessions)
      .values({ sid: 's1', sess: {}, expire: new Date(Date.now() + 60_000), userId: inviter.id });
    await db().insert(apiTokens).values({ userId: inviter.id, name: 'CLI', tokenHash: 'h1', prefix: 'stash_ab' });

    await db().delete(users).where(eq(users.id, inviter.id));

    for (const table of [links, categories, sessions, apiTokens]) {
      const [{ n }] = await db().select({ n: sql<number>`count(*)::int` }).from(table);
      expect(n).toBe(0);
    }
    const [stillThere] = await db().select().from(users).where(eq(users.id, friend.id));
    expect(stillThere.invitedById).toBeNull();
  });

  it('gives new accounts the documented defaults', async () => {
    const [user] = await db().insert(users).values({ email: 'defaults@example.com' }).returning();
    expect(user).toMatchObject({
      emailVerified: false,
      emailTime: 8,
      emailFrequency: 'daily',
      emailDays: [],
      emailHours: {},
      timezone: 'UTC',
      accountType: 'free',
      availableInvites: 5,
      monthlyLinksUsed: 0,
      onboarded: false,
    });
  });
});
