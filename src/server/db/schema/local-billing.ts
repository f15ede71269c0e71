import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/*
 * The local test provider's own side (BILLING=local): what Stripe would keep on its servers. Our
 * `subscriptions` rows are derived from these exactly as they are from Stripe's objects, by
 * src/server/billing/apply-subscription.ts. Unused in the other billing modes.
 */

/** A test checkout. The URL carries a random token; only its SHA-256 is kept here. */
export const localCheckoutSessions = pgTable('local_checkout_sessions', {
  tokenHash: text().primaryKey(),
  /** 'upgrade' (a signed-in user) or 'trial' (a visitor: 14 days free, the account is made afterwards). */
  kind: text().notNull(),
  plan: text().notNull(),
  userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
  /** open → complete | canceled. */
  status: text().notNull().default('open'),
  customerEmail: text(),
  customerName: text(),
  successUrl: text().notNull(),
  cancelUrl: text().notNull(),
  subscriptionId: text(),
  /** An upgrade that keeps the account's free trial: charged (in Stripe's case) only from then. */
  trialEnd: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/** A test subscription, as the provider sees it (status trialing | active | canceled). */
export const localSubscriptions = pgTable('local_subscriptions', {
  id: text().primaryKey(),
  customerId: text().notNull(),
  /** The account it was bought for; null for a trial checkout until the account is made. */
  userId: uuid().references(() => users.id, { onDelete: 'set null' }),
  plan: text().notNull(),
  status: text().notNull(),
  startedAt: timestamp({ withTimezone: true }).notNull(),
  currentPeriodStart: timestamp({ withTimezone: true }).notNull(),
  currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
  trialEnd: timestamp({ withTimezone: true }),
  cancelAtPeriodEnd: boolean().notNull().default(false),
  endedAt: timestamp({ withTimezone: true }),
  /** The idempotency key of the latest referral credit, so a retried credit adds nothing. */
  lastCreditKey: text(),
});
