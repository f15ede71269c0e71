import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { signInIdentities, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { signInProviderMessages, type SignInMethodsAnswer, type SignInProviderId } from '../../shared/sign-in-providers';

/** Settings → Security: the password (or its absence) and each configured provider, connected or not. */
export async function listSignInMethods(ctx: AppContext, userId: string): Promise<SignInMethodsAnswer> {
  const { db } = ctx.database;
  const [account] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  const identities = await db
    .select({ provider: signInIdentities.provider, email: signInIdentities.email })
    .from(signInIdentities)
    .where(eq(signInIdentities.userId, userId));
  return {
    hasPassword: Boolean(account?.passwordHash),
    providers: ctx.config.signInProviders.map((provider) => {
      const identity = identities.find((row) => row.provider === provider.id);
      return { id: provider.id, name: provider.name, connected: identity !== undefined, connectedEmail: identity?.email ?? null };
    }),
  };
}

/**
 * Disconnects a provider, unless it is the account's last way to sign in (no password, no other
 * provider). One transaction: the row lock on the user serialises two disconnects racing for the
 * last two providers. authProvider then names the way that remains.
 */
export async function disconnectProvider(ctx: AppContext, userId: string, provider: SignInProviderId): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const [account] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).for('update');
    const identities = await tx
      .select({ provider: signInIdentities.provider })
      .from(signInIdentities)
      .where(eq(signInIdentities.userId, userId));
    if (!identities.some((row) => row.provider === provider))
      throw new HttpError(404, 'NOT_CONNECTED', signInProviderMessages.notConnected);
    const remaining = identities.filter((row) => row.provider !== provider);
    if (!account?.passwordHash && remaining.length === 0)
      throw new HttpError(409, 'LAST_SIGN_IN_METHOD', signInProviderMessages.lastMethod);
    await tx.delete(signInIdentities).where(and(eq(signInIdentities.userId, userId), eq(signInIdentities.provider, provider)));
    await tx
      .update(users)
      .set({ authProvider: account?.passwordHash ? 'email' : remaining[0].provider, updatedAt: new Date() })
      .where(eq(users.id, userId));
  });
}
