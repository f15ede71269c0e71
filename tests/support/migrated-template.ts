import pg from 'pg';
import { runMigrations } from '../../src/server/db/migrate';
import { allJobs } from '../../src/server/all-jobs';
import { createBoss, startQueue } from '../../src/server/jobs/queue';
import { createTestDatabase, type TestDatabase } from './database';

/**
 * With TEST_DATABASE_URL, a database with every migration and the job queue's tables, made once
 * per run for test apps to copy: a copy takes a fraction of the second the migrations take.
 */
export async function createMigratedTemplate(): Promise<{ name: string; drop: TestDatabase['drop'] } | undefined> {
  const database = await createTestDatabase('stash_template');
  if (!database.url) return undefined;
  const pool = new pg.Pool({ connectionString: database.url });
  try {
    await runMigrations(pool);
    const boss = createBoss(pool, false);
    await startQueue(boss, pool, true, allJobs);
    await boss.stop({ graceful: false, wait: true, close: false });
  } finally {
    // A database being copied must have no one connected to it.
    await pool.end();
  }
  return { name: new URL(database.url).pathname.slice(1), drop: database.drop };
}
