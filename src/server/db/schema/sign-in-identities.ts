import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * An external sign-in provider's account connected to a Stash account: only the provider's
 * subject id and the address it gave. One per provider and user; a provider account signs in to
 * one Stash account.
 */
export const signInIdentities = pgTable(
  'sign_in_identities',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'google', 'github' or 'oidc'. */
    provider: text().notNull(),
    /** The provider's stable id of the person (the ID token's `sub`, GitHub's numeric user id). */
    subject: text().notNull(),
    email: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sign_in_identities_subject_unique').on(t.provider, t.subject),
    uniqueIndex('sign_in_identities_user_provider_unique').on(t.userId, t.provider),
  ],
);
