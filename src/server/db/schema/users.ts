import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    username: text().unique(),
    /** The public handle of /@<handle>/… pages (src/shared/handles.ts); null until chosen in Settings → Profile. */
    handle: text().unique(),
    email: text().notNull(),
    firstName: text(),
    lastName: text(),
    bio: text(),
    profileImageUrl: text(),
    /** Null for accounts of an external sign-in provider. */
    passwordHash: text(),
    /** 'user' or 'admin'; ADMIN_EMAILS also makes an administrator. */
    role: text().notNull().default('user'),
    emailVerified: boolean().notNull().default(false),
    /**
     * The address was verified from a browser without a session of this account: whoever chose the
     * password may not own the address, so ADMIN_EMAILS gives no rights until a password is chosen
     * through a reset mail (docs/security.md).
     */
    verifiedWithoutSession: boolean().notNull().default(false),
    authProvider: text().notNull().default('email'),
    /** Tokens are kept only as SHA-256 hashes. */
    verificationTokenHash: text(),
    /** A new address asked for and not yet confirmed by its link (the email_changes row holds the tokens). */
    pendingEmail: text(),
    /** A verification link works for 7 days; resending makes a fresh one. */
    verificationTokenExpiresAt: timestamp({ withTimezone: true }),
    resetTokenHash: text(),
    resetTokenExpiresAt: timestamp({ withTimezone: true }),
    /** When every API token was revoked at once (a password reset, "Revoke all"): an extension pairing code issued before then is refused. */
    tokensRevokedAt: timestamp({ withTimezone: true }),
    emailTime: integer().notNull().default(8),
    emailFrequency: text().notNull().default('daily'),
    emailDays: jsonb().$type<number[]>().notNull().default([]),
    /** Day number ('0'–'6') to an hour, or to several hours (pro). */
    emailHours: jsonb().$type<Record<string, number | number[]>>().notNull().default({}),
    repeatUnit: text().notNull().default('week'),
    repeatInterval: integer().notNull().default(1),
    timezone: varchar({ length: 50 }).notNull().default('UTC'),
    /** The weekday (0 = Sunday) and hour, in `timezone`, of the weekly digest of each published category to its subscribers (docs/sharing.md). */
    subscriberDigestDay: smallint().notNull().default(5),
    subscriberDigestHour: smallint().notNull().default(9),
    /**
     * When the digest scheduler next looks at this user (UTC): the next send of their own schedule or
     * of the free tier's, whichever comes first, as their tier then decides (src/server/digests/schedule.ts).
     * Null when nothing is scheduled.
     */
    nextDigestAt: timestamp({ withTimezone: true }),
    lastDigestSentAt: timestamp({ withTimezone: true }),
    lastManualDigest: timestamp({ withTimezone: true }),
    /** Mark links read when opened from a digest. */
    trackReads: boolean().notNull().default(true),
    /** The digest's "From your stash" section and its weekly recap line (Settings → Newsletter). */
    digestFromStash: boolean().notNull().default(true),
    /** "From your stash" gains a highlight of the day (digests/compose.ts) unless this is off. */
    digestHighlight: boolean().notNull().default(true),
    digestWeeklyRecap: boolean().notNull().default(true),
    /** Set by a hard bounce, a complaint or an unsubscribe: no more digests. */
    mailSuppressedAt: timestamp({ withTimezone: true }),
    mailSuppressedReason: text(),
    onboarded: boolean().notNull().default(false),
    accountType: text().notNull().default('free'),
    trialEndsAt: timestamp({ withTimezone: true }),
    subscriptionEndsAt: timestamp({ withTimezone: true }),
    stripeCustomerId: text(),
    stripeSubscriptionId: text(),
    availableInvites: integer().notNull().default(5),
    totalInvitesSent: integer().notNull().default(0),
    lastInviteRefreshAt: timestamp({ withTimezone: true }),
    referralMonthsEarned: integer().notNull().default(0),
    /** Saves this month, for every tier; free accounts stop at the limit (src/server/links/usage.ts). */
    monthlyLinksUsed: integer().notNull().default(0),
    /** The start of the user's next month, in their time zone: monthlyLinksUsed starts again from 0 then. */
    monthlyUsageResetAt: timestamp({ withTimezone: true }),
    /** How many links the user has: kept in the transaction of every insert and delete (My Stash's total). */
    linkCount: integer().notNull().default(0),
    invitedById: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_next_digest_at_idx').on(t.nextDigestAt),
    index('users_stripe_customer_idx').on(t.stripeCustomerId),
    index('users_invited_by_idx').on(t.invitedById),
  ],
);

/** Server-side sessions: the connect-pg-simple shape (sid, sess, expire) plus the owner for "sign out everywhere". */
export const sessions = pgTable(
  'session',
  {
    sid: text().primaryKey(),
    sess: jsonb().notNull(),
    expire: timestamp({ withTimezone: true }).notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_expire_idx').on(t.expire), index('session_user_idx').on(t.userId)],
);

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** SHA-256 of the token; the token itself is shown once and never stored. */
    tokenHash: text().notNull().unique(),
    /** The first characters, so a person can tell their tokens apart. */
    prefix: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);

/**
 * A change of address, from request to its end (docs/product/accounts.md, Changing the e-mail address): the new address takes effect
 * only when its own link is opened (confirm token, 7 days); the old address is then told, with an
 * undo link that works for 7 days. Tokens are kept as SHA-256 hashes.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text().notNull(),
    newEmail: text().notNull(),
    confirmTokenHash: text().notNull().unique(),
    confirmExpiresAt: timestamp({ withTimezone: true }).notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
    undoTokenHash: text().unique(),
    undoExpiresAt: timestamp({ withTimezone: true }),
    undoneAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);
