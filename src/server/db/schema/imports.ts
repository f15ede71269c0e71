import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The import each account has in flight, whichever process runs it (imports/admission/import-runs.ts):
 * a row while it runs, none once it is answered. A row older than its process could still be
 * running is taken over (that process died mid-import).
 */
export const importRuns = pgTable('import_runs', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
