import type { Db } from './client';

/**
 * A query every request runs, prepared once per database: Drizzle builds its SQL once, and
 * PostgreSQL parses and plans it once per connection (a named statement) instead of each time.
 * The query must run on the database itself, never inside a transaction.
 */
export function preparedOnce<Prepared>(prepare: (db: Db) => Prepared): (db: Db) => Prepared {
  const prepared = new WeakMap<Db, Prepared>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) prepared.set(db, (query = prepare(db)));
    return query;
  };
}
