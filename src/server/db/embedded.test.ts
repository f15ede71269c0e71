import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it, vi } from 'vitest';
import { connect } from './client';
import { startEmbeddedPostgres } from './embedded';
import { runMigrations } from './migrate';
import { users } from './schema';

// A fresh data folder runs initdb in WebAssembly: slow on a busy machine.
vi.setConfig({ testTimeout: 180_000 });

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

it('is reachable only through a socket in DATA_DIR that no other user may enter', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stash-embedded-'));
  dirs.push(dataDir);
  const embedded = await startEmbeddedPostgres(dataDir);
  try {
    const socketDir = path.join(dataDir, 'socket');
    expect(embedded.connectionString).toBe(`postgres://postgres@/postgres?host=${encodeURIComponent(socketDir)}`);
    expect((await stat(socketDir)).mode & 0o777).toBe(0o700);

    // Another local account (the tests run as root on CI machines) tries the socket itself.
    if (process.getuid?.() === 0) {
      const socketFile = path.join(socketDir, '.s.PGSQL.5432');
      const attempt = `require('net').connect(${JSON.stringify(socketFile)}).on('connect', () => process.exit(0)).on('error', (e) => { console.log(e.code); process.exit(1); })`;
      const outcome = await promisify(execFile)(process.execPath, ['-e', attempt], { uid: 65534, gid: 65534 }).catch((err) => err);
      expect(outcome.stdout.trim()).toBe('EACCES');
    }

    const database = connect(embedded.connectionString, { max: 1 });
    const { rows } = await database.pool.query('select 1 as one');
    await database.close();
    expect(rows).toEqual([{ one: 1 }]);
  } finally {
    await embedded.stop();
  }
});
