import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Each user's private save-by-e-mail address, save+<token>@INBOUND_DOMAIN. The token is derived
 * from the session secret and `nonce` (so Settings can show it again) and found by its SHA-256:
 * the table alone gives no address away. A new nonce is a new address; the old one stops working.
 */
export const inboundAddresses = pgTable('inbound_addresses', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  nonce: text().notNull(),
  tokenHash: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** SPF, DKIM and DMARC as checked when the mail arrived (mailauth's result words: pass, fail, none…). */
export interface MailAuthResults {
  spf: string;
  dkim: string;
  dmarc: string;
}

/** What a received mail became: links saved, a copy of its own, or a refusal; `detail` says which and why. */
export type InboundMailOutcome = 'saved' | 'refused';

/** The mails each address received (Settings shows the latest 20; older ones are pruned). */
export const inboundMails = pgTable(
  'inbound_mails',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    via: text().$type<'smtp' | 'webhook'>().notNull(),
    fromAddress: text(),
    subject: text(),
    outcome: text().$type<InboundMailOutcome>().notNull(),
    detail: text().notNull(),
    linkIds: jsonb().$type<string[]>().notNull().default([]),
    auth: jsonb().$type<MailAuthResults>().notNull(),
  },
  (t) => [index('inbound_mails_user_received_idx').on(t.userId, t.receivedAt)],
);
