// Makes the embedded database a first start copies (dist/embedded-database-template): initdb, every
// migration and the job queue's tables, so that a first start copies a folder and finds little to
// do. Run by `npm run build` (scripts/build-server.mjs) as dist/server/prepare-database.js, in a
// process of its own for the reason scripts/create-embedded-database.mjs gives. It holds nothing
// of one install: the session secret and the link keys are made by each install's first start.
// Usage: node dist/server/prepare-database.js <folder>
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allJobs } from '../all-jobs';
import { createBoss, startQueue } from '../jobs/queue';
import { connect } from './client';
import { startEmbeddedPostgres } from './embedded';
import { runMigrations } from './migrate';

const folder = process.argv[2];
if (!folder) throw new Error('usage: node dist/server/prepare-database.js <folder>');

const dataDir = await mkdtemp(path.join(tmpdir(), 'stash-template-'));
try {
  const embedded = await startEmbeddedPostgres(dataDir);
  const database = connect(embedded.connectionString, { max: 1, idleTimeoutMillis: 0, sharedSession: true });
  await runMigrations(database.pool);
  const boss = createBoss(database.pool, false);
  await startQueue(boss, database.pool, false, allJobs);
  await boss.stop({ graceful: false, close: false, wait: true });
  await database.close();
  await embedded.stop();
  await rm(folder, { recursive: true, force: true });
  await rename(path.join(dataDir, 'pglite'), folder);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
