import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { CurrentUser } from '../../shared/auth-schemas';
import type { PermissionUser } from '../../shared/permissions';

export type User = typeof users.$inferSelect;

/**
 * What every signed-in request knows of its user: the columns the session lookup reads. The whole
 * row (45 columns) is read only by the account pages that need it (`loadAccount`).
 */
export const requestUserColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  emailVerified: users.emailVerified,
  verifiedWithoutSession: users.verifiedWithoutSession,
  authProvider: users.authProvider,
  accountType: users.accountType,
  trialEndsAt: users.trialEndsAt,
  subscriptionEndsAt: users.subscriptionEndsAt,
  timezone: users.timezone,
  linkCount: users.linkCount,
  monthlyLinksUsed: users.monthlyLinksUsed,
  monthlyUsageResetAt: users.monthlyUsageResetAt,
};

export type RequestUser = Pick<User, keyof typeof requestUserColumns>;

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** By address, whatever its case (the unique index is on lower(email)). */
export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user;
}

/**
 * An administrator has the admin role or a verified address listed in ADMIN_EMAILS (any case):
 * signing up as, or changing one's address to, a listed address proves nothing until its link is
 * opened, and a link opened in a browser without the account's session proves the address but not
 * that its owner chose the password (that takes a password set through a reset mail).
 */
export function isAdmin(
  user: Pick<User, 'role' | 'email' | 'emailVerified' | 'verifiedWithoutSession'>,
  config: Pick<Config, 'adminEmails'>,
): boolean {
  if (user.role === 'admin') return true;
  return user.emailVerified && !user.verifiedWithoutSession && config.adminEmails.includes(user.email.toLowerCase());
}

/** What can() needs to know about a user. */
export function permissionUser(user: RequestUser, config: Config): PermissionUser {
  return {
    accountType: user.accountType,
    trialEndsAt: user.trialEndsAt,
    subscriptionEndsAt: user.subscriptionEndsAt,
    authProvider: user.authProvider,
    isAdmin: isAdmin(user, config),
  };
}

/** The public shape of the signed-in user, field by field: nothing secret can slip in. */
export function toCurrentUser(user: User, config: Config): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    pendingEmail: user.pendingEmail,
    username: user.username,
    handle: user.handle,
    firstName: user.firstName,
    lastName: user.lastName,
    bio: user.bio,
    profileImageUrl: user.profileImageUrl,
    emailVerified: user.emailVerified,
    authProvider: user.authProvider,
    accountType: user.accountType as CurrentUser['accountType'],
    trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
    subscriptionEndsAt: user.subscriptionEndsAt?.toISOString() ?? null,
    hasStripeCustomer: user.stripeCustomerId !== null,
    emailTime: user.emailTime,
    emailFrequency: user.emailFrequency as CurrentUser['emailFrequency'],
    emailDays: user.emailDays,
    emailHours: user.emailHours,
    repeatUnit: user.repeatUnit,
    repeatInterval: user.repeatInterval,
    timezone: user.timezone,
    trackReads: user.trackReads,
    digestFromStash: user.digestFromStash,
    digestHighlight: user.digestHighlight,
    digestWeeklyRecap: user.digestWeeklyRecap,
    mailSuppressedAt: user.mailSuppressedAt?.toISOString() ?? null,
    mailSuppressedReason: user.mailSuppressedAt ? (user.mailSuppressedReason as CurrentUser['mailSuppressedReason']) : null,
    onboarded: user.onboarded,
    availableInvites: user.availableInvites,
    totalInvitesSent: user.totalInvitesSent,
    referralMonthsEarned: user.referralMonthsEarned,
    monthlyLinksUsed: user.monthlyLinksUsed,
    isAdmin: isAdmin(user, config),
    billing: config.billing,
    createdAt: user.createdAt.toISOString(),
  };
}
