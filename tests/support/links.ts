import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../src/server/context';
import { links, users } from '../../src/server/db/schema';
import type { User } from '../../src/server/auth/current-user';
import { normaliseForDuplicates } from '../../src/shared/link-rules';
import type { Tier } from '../../src/shared/permissions';
import { createUser, OWN_ORIGIN, signIn } from './factories';
import type { TestApp } from './test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

const tierAccounts: Record<Tier, () => Partial<typeof users.$inferInsert>> = {
  free: () => ({ accountType: 'free' }),
  trial: () => ({ accountType: 'trial', trialEndsAt: new Date(Date.now() + 10 * DAY_MS) }),
  trialExpired: () => ({ accountType: 'trial', trialEndsAt: new Date(Date.now() - DAY_MS) }),
  pro: () => ({ accountType: 'pro' }),
};

export interface SignedInUser {
  user: User;
  /** Cookie and Origin: what the web app sends with a state-changing request. */
  headers: { cookie: string; origin: string };
}

/** A user of the tier, signed in. */
export async function signedInUser(t: TestApp, tier: Tier, overrides: Partial<typeof users.$inferInsert> = {}): Promise<SignedInUser> {
  const user = await createUser(t.ctx, { ...tierAccounts[tier](), ...overrides });
  return { user, headers: { cookie: await signIn(t, user), ...OWN_ORIGIN } };
}

type LinkValues = Partial<Omit<typeof links.$inferInsert, 'userId'>>;

/**
 * Links inserted directly (no HTTP, no counters of the save rules), with the user's link count
 * kept right; each gets https://example.com/<n> unless told otherwise.
 */
export async function createLinks(ctx: AppContext, user: Pick<User, 'id'>, rows: LinkValues[]): Promise<(typeof links.$inferSelect)[]> {
  if (rows.length === 0) return [];
  const created = await ctx.database.db
    .insert(links)
    .values(
      rows.map((row, i) => {
        const url = row.url ?? `https://example.com/${i}-${Math.random().toString(36).slice(2)}`;
        return { normalizedUrl: normaliseForDuplicates(url), ...row, url, userId: user.id };
      }),
    )
    .returning();
  await ctx.database.db
    .update(users)
    .set({ linkCount: sql`${users.linkCount} + ${rows.length}` })
    .where(eq(users.id, user.id));
  return created;
}

export async function reloadUser(ctx: AppContext, id: string): Promise<User> {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return user;
}
