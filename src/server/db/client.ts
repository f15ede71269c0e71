import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface PoolOptions {
  max?: number;
  /** 0 keeps idle connections open (the embedded server admits only a few). */
  idleTimeoutMillis?: number;
  /**
   * Every connection is the same database session (the embedded server). The pool replaces a
   * connection after a failed query, and the new one must not find the statements the old one
   * prepared (db/prepared.ts): "prepared statement … already exists".
   */
  sharedSession?: boolean;
}

export function connect(connectionString: string, options: PoolOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: options.idleTimeoutMillis ?? 30_000,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Queued before anything the new connection is asked to run.
  if (options.sharedSession) pool.on('connect', (client) => void client.query('deallocate all').catch(() => {}));
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}
