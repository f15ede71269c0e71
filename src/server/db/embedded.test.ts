import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { connect } from './client';
import { startEmbeddedPostgres } from './embedded';
import { runMigrations } from './migrate';
import { users } from './schema';

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function openEmbedded(dataDir: string) {
  const embedded = await startEmbeddedPostgres(dataDir);
  const database = connect(embedded.connectionString, { max: 1, idleTimeoutMillis: 0 });
  return {
    database,
    close: async () => {
      await database.close();
      await embedded.stop();
    },
  };
}

it('keeps its data under DATA_DIR across a restart', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stash-embedded-'));
  dirs.push(dataDir);

  const first = await openEmbedded(dataDir);
  await runMigrations(first.database.pool);
  await first.database.db.insert(users).values({ email: 'kept@example.com' });
  await first.close();

  const second = await openEmbedded(dataDir);
  await runMigrations(second.database.pool);
  const rows = await second.database.db.select({ email: users.email }).from(users);
  await second.close();
  expect(rows).toEqual([{ email: 'kept@example.com' }]);
});
