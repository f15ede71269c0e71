import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { signInIdentities, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { findUserByEmail, type User } from '../auth/current-user';
import type { NewSession } from '../auth/sessions';
import { admitSignUp, signUp, type SignUpStep } from '../auth/sign-up';
import { invitationSteps } from '../invitations/redeem';
import { dispatchMail, queueMail } from '../mail/outbox';
import { paths } from '../../shared/routes';
import type { ProviderErrorCode, ProviderStartQuery } from '../../shared/sign-in-providers';
import type { ProviderProfile } from './profiles';

export type ProviderSignIn =
  /** A returning person: the account their provider account is connected to. */
  | { kind: 'returning'; user: User }
  /** A new person: a new trial account, signed in on this session. */
  | { kind: 'created'; user: User; session: NewSession }
  /** The address has an account with a password: its owner logs in with it once to connect the provider. */
  | { kind: 'connectWithPassword' }
  | { kind: 'refused'; code: ProviderErrorCode };

/**
 * What a provider sign-in leads to. The provider's subject decides, never its address: an existing
 * account with the same address is not taken over, whatever the provider says about it. An address
 * the provider has not verified neither makes an account nor leads to one (docs/security.md). A new
 * account is counted under the same per-IP and per-address limits as the sign-up form (429).
 */
export async function signInWithProvider(
  ctx: AppContext,
  profile: ProviderProfile,
  journey: ProviderStartQuery,
  ip: string,
): Promise<ProviderSignIn> {
  const db = ctx.database.db;
  const returning = await signInByIdentity(db, profile);
  if (returning) return { kind: 'returning', user: returning };
  const refused = unvouchedAddress(profile);
  if (refused) return { kind: 'refused', code: refused };
  const email = profile.email!;

  const existing = await findUserByEmail(db, email);
  if (existing) return existing.passwordHash ? { kind: 'connectWithPassword' } : { kind: 'refused', code: 'otherProvider' };

  await admitSignUp(ctx, email, ip);
  try {
    const { user, session } = await signUp(
      ctx,
      {
        email,
        firstName: profile.firstName,
        lastName: profile.lastName,
        provider: { id: profile.provider, emailVerified: true },
      },
      [connectStep(profile), ...invitationSteps({ invitationCode: journey.invitationCode })],
    );
    return { kind: 'created', user, session };
  } catch (error) {
    // Another sign-up took the address (or this provider account) a moment ago.
    if (error instanceof HttpError && error.code === 'EMAIL_TAKEN') return { kind: 'refused', code: 'otherProvider' };
    if (!isUniqueViolation(error)) throw error;
    const raced = await signInByIdentity(db, profile);
    return raced ? { kind: 'returning', user: raced } : { kind: 'refused', code: 'failed' };
  }
}

/** Why a provider's address cannot make or join an account: none given, or one the provider has not verified. */
export function unvouchedAddress(profile: Pick<ProviderProfile, 'email' | 'emailVerified'>): ProviderErrorCode | null {
  if (!profile.email) return 'noEmail';
  return profile.emailVerified ? null : 'unverifiedEmail';
}

async function signInByIdentity(db: Db, profile: ProviderProfile): Promise<User | undefined> {
  const [identity] = await db
    .update(signInIdentities)
    // The address shown in Settings → Security: only one the provider still vouches for.
    .set({ lastSignInAt: new Date(), ...(profile.emailVerified && profile.email ? { email: profile.email } : {}) })
    .where(and(eq(signInIdentities.provider, profile.provider), eq(signInIdentities.subject, profile.subject)))
    .returning({ userId: signInIdentities.userId });
  if (!identity) return undefined;
  const [user] = await db.select().from(users).where(eq(users.id, identity.userId));
  return user;
}

function connectStep(profile: ProviderProfile): SignUpStep {
  return async (tx, user) => {
    await tx.insert(signInIdentities).values(identityRow(user.id, profile));
  };
}

function identityRow(userId: string, profile: ProviderProfile) {
  return { userId, provider: profile.provider, subject: profile.subject, email: profile.email, lastSignInAt: new Date() };
}

/**
 * Connects a provider account to a signed-in account (Settings → Security, or "Connect" after a
 * password login found the address). A provider account already connected to another Stash
 * account is refused; connecting again replaces this account's earlier one of that provider. The
 * owner is mailed each time, with the way to remove it: a sign-in method nobody asked for is found.
 */
export async function connectIdentity(
  ctx: AppContext,
  user: Pick<User, 'id' | 'email' | 'firstName'>,
  profile: Pick<ProviderProfile, 'provider' | 'subject' | 'email'>,
): Promise<'connected' | 'alreadyConnected'> {
  const providerName = ctx.config.signInProviders.find((provider) => provider.id === profile.provider)?.name ?? profile.provider;
  try {
    const outboxId = await ctx.database.db.transaction(async (tx) => {
      await tx
        .insert(signInIdentities)
        .values({ userId: user.id, provider: profile.provider, subject: profile.subject, email: profile.email })
        .onConflictDoUpdate({
          target: [signInIdentities.userId, signInIdentities.provider],
          set: { subject: profile.subject, email: profile.email, createdAt: sql`now()` },
        });
      return queueMail(tx, {
        userId: user.id,
        to: user.email,
        template: 'sign-in-method-added',
        props: {
          appUrl: ctx.config.appUrl,
          firstName: user.firstName,
          method: profile.email ? `${providerName} (${profile.email})` : providerName,
          removeUrl: `${ctx.config.appUrl}${paths.settings}?tab=security`,
        },
      });
    });
    await dispatchMail(ctx, outboxId);
    return 'connected';
  } catch (error) {
    if (isUniqueViolation(error)) return 'alreadyConnected';
    throw error;
  }
}
