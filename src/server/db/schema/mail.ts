import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { links } from './links';
import { users } from './users';
import { categorySubscribers } from './sharing';

/** What each state means and who moves a message between them: src/server/mail/outbox.ts. */
export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed';

/**
 * Every outgoing e-mail, written in the same transaction as the change that causes it and delivered
 * by the `mail.deliver` job. States: queued → sending → sent | failed (see src/server/mail/outbox.ts).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** A message to a category's subscriber (who has no account): a bounce or complaint unsubscribes that subscriber. */
    subscriberId: uuid().references(() => categorySubscribers.id, { onDelete: 'set null' }),
    template: text().notNull(),
    to: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    status: text().$type<MailStatus>().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    /** When the latest attempt claimed the row: the sweep tells a stuck `sending` row by it. */
    lastAttemptAt: timestamp({ withTimezone: true }),
    lastError: text(),
    /** When a message put back to `queued` after a temporary failure is due again: the sweep re-dispatches it if its job was lost. */
    retryAt: timestamp({ withTimezone: true }),
    messageId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt.desc()), index('mail_outbox_status_idx').on(t.status)],
);

/** What each state means and who moves a send between them: src/server/digests/send.ts. */
export type DigestSendStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped' | 'uncertain';

/**
 * One row per scheduled digest. States: pending → sending → sent | failed | skipped | uncertain
 * (see src/server/digests/send.ts). Unique per user and scheduled time, so a slot is sent at most once.
 */
export const digestSends = pgTable(
  'digest_sends',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scheduledFor: timestamp({ withTimezone: true }).notNull(),
    status: text().$type<DigestSendStatus>().notNull().default('pending'),
    /** Claims so far: a claim's number fences off an older attempt that wakes up late. */
    attempts: integer().notNull().default(0),
    linkCount: integer().notNull().default(0),
    outboxId: uuid().references(() => mailOutbox.id, { onDelete: 'set null' }),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('digest_sends_user_slot_unique').on(t.userId, t.scheduledFor),
    // The sweep's repairs read only the sends still under way.
    index('digest_sends_open_idx').on(t.status, t.updatedAt).where(sql`${t.status} in ('pending', 'sending')`),
  ],
);

export const trialRemindersSent = pgTable(
  'trial_reminders_sent',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    daysRemaining: integer().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentDateString: text().notNull(),
  },
  (t) => [unique('trial_reminders_user_days_unique').on(t.userId, t.daysRemaining)],
);

/** What the operator counts about mail (mail/mail-events.ts): see MailEventKind. */
export type MailEventKind = 'bounce' | 'complaint' | 'refusal' | 'deferral';

/**
 * One row per bounce, complaint, policy refusal (5.7.x) or temporary failure (4xx) of a message:
 * the admin metrics page counts them per day. Pruned with the outbox after 30 days.
 */
export const mailEvents = pgTable(
  'mail_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    outboxId: uuid().references(() => mailOutbox.id, { onDelete: 'set null' }),
    kind: text().$type<MailEventKind>().notNull(),
    detail: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_events_created_idx').on(t.createdAt)],
);

/**
 * The keys that sign the links in digests (digests/link-keys.ts). A key generated on first start is
 * kept here, shared by every instance, encrypted with a key derived from SESSION_SECRET, so that a
 * read of the database alone signs nothing; LINK_SIGNING_KEYS gives the operator's own instead.
 */
export const linkSigningKeys = pgTable('link_signing_keys', {
  id: serial().primaryKey(),
  /** AES-256-GCM ciphertext ("v1:…"); a key stored in clear before encryption is encrypted on the next start. */
  secret: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** When it stopped signing (LINK_SIGNING_KEYS set, or the upgrade that gave links an expiry): it verifies 90 days more. */
  retiredAt: timestamp({ withTimezone: true }),
});

/**
 * Opens of a digest's links, kept a day: a mail scanner opens every link of a message within
 * seconds, a reader one at a time (digests/link-opens.ts).
 */
export const digestLinkOpens = pgTable(
  'digest_link_opens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkId: uuid()
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    /** Whether this open marked the link read (a burst takes it back). */
    markedRead: boolean().notNull().default(false),
    openedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('digest_link_opens_user_idx').on(t.userId, t.openedAt)],
);
