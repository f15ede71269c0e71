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
  // Nor one a request or a job holds (inside a transaction, between two statements, while SMTP
  // answers): the pool listens only on idle clients, and pg emits 'error' on the client when no
  // query is running on it. The next query on it fails as any unreachable database does (a 503,
  // a job retried: docs/operations.md), and its release drops it from the pool.
  pool.on('connect', (client) => client.on('error', () => {}));
  // Queued before anything the new connection is asked to run.
  if (options.sharedSession) pool.on('connect', (client) => void client.query('deallocate all').catch(() => {}));
  const db = drizzle(new DrizzlePool(pool) as unknown as pg.Pool, { schema, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}

/**
 * The pool as Drizzle sees it (it knows a pool by its class's name). Drizzle 0.45 runs a
 * transaction's BEGIN before the try whose finally hands the connection back: a BEGIN that failed
 * (the connection was cut) kept its connection out of the pool for good, and a few of them emptied
 * the pool until a restart. Here a connection whose BEGIN fails goes back at once, to be dropped.
 */
class DrizzlePool {
  constructor(private readonly pool: pg.Pool) {}

  query(...args: unknown[]) {
    return (this.pool.query as (...a: unknown[]) => unknown).apply(this.pool, args);
  }

  async connect() {
    return releasedIfBeginFails(await this.pool.connect());
  }
}

/** A transaction's connection: its first statement is the BEGIN, and it is released once. */
function releasedIfBeginFails(client: pg.PoolClient) {
  let begun = false;
  let released = false;
  const release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  return {
    release,
    async query(...args: unknown[]) {
      const query = client.query.bind(client) as (...a: unknown[]) => Promise<unknown>;
      if (begun) return query(...args);
      begun = true;
      try {
        return await query(...args);
      } catch (error) {
        release(error instanceof Error ? error : true);
        throw error;
      }
    },
  };
}
