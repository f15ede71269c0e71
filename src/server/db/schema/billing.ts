import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planType: text().notNull().default('pro'),
    planInterval: text().notNull().default('annual'),
    status: text().notNull().default('trialing'),
    startDate: timestamp({ withTimezone: true }),
    endDate: timestamp({ withTimezone: true }),
    referralExtensionMonths: integer().notNull().default(0),
    stripeCustomerId: text(),
    /** The provider's subscription id (Stripe's, or the local test provider's): one row per subscription. */
    stripeSubscriptionId: text().unique(),
    /**
     * When the provider's state this row reflects was read. Webhooks may arrive in any order and
     * each re-reads the subscription, so a write older than this one is a stale read and is skipped.
     */
    syncedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);

/** One row per payment-provider event: a second delivery of the same id is a no-op. */
export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const invitations = pgTable(
  'invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text().notNull().unique(),
    senderId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid().references(() => users.id, { onDelete: 'set null' }),
    recipientEmail: text(),
    status: text().notNull().default('available'),
    rewardClaimed: boolean().notNull().default(false),
    /** When the sender earned their month for this friend: at most 12 are earned in any 365 days. */
    rewardedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('invitations_sender_idx').on(t.senderId), index('invitations_recipient_idx').on(t.recipientId)],
);
