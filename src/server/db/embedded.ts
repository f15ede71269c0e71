import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { createEmbeddedDatabaseScript, embeddedDatabaseTemplate } from '../paths';

export interface EmbeddedPostgres {
  connectionString: string;
  stop(): Promise<void>;
}

/** What a Unix socket path may hold on Linux and macOS (sun_path), less its terminating NUL. */
const maxSocketPathLength = 103;
/** The file name libpq and `pg` look for in a socket directory. */
const socketFileName = '.s.PGSQL.5432';

/**
 * PGlite (Postgres in WebAssembly) with its data under `dataDir`, served to `pg` and pg-boss exactly
 * as a real server would be. PGlite is one session: the pool in front of it must use a single
 * connection (see runtime.ts), so statements never interleave.
 *
 * It listens on a Unix socket in a folder only this user may enter (`DATA_DIR/socket`, mode 0700),
 * never on a TCP port: PGlite asks for no password, so a port would let every local process read
 * and change every account.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  // V8's optimising tier would keep a second, larger copy of Postgres's 9 MB of WebAssembly code in
  // memory; the baseline compiler alone is fast enough for one person's stash and keeps the process small.
  v8.setFlagsFromString('--liftoff-only');
  const dir = path.resolve(dataDir, 'pglite');
  await createDatabaseIfMissing(dir);
  // Postgres's default 128 MB of shared buffers would all live in this process: a link stash needs far
  // less, and the operating system caches the data files anyway.
  const pglite = await PGlite.create(dir, {
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=4MB', '-c', 'work_mem=4MB', '-c', 'wal_buffers=1MB'],
  });
  const socket = await privateSocketDir(dataDir);
  const server = new PGLiteSocketServer({ db: pglite, path: path.join(socket.dir, socketFileName), maxConnections: 4 });
  await server.start();
  return {
    connectionString: `postgres://postgres@/postgres?host=${encodeURIComponent(socket.dir)}`,
    async stop() {
      await server.stop();
      await pglite.close();
      await socket.remove();
    },
  };
}

/**
 * A new data folder gets its empty database from the build's template, or else from initdb run in a
 * child process (scripts/create-embedded-database.mjs says why), made beside it and renamed into
 * place, so a start interrupted halfway leaves no half-made database.
 */
async function createDatabaseIfMissing(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  const partial = `${dir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(path.dirname(dir), { recursive: true });
  if (existsSync(path.join(embeddedDatabaseTemplate, 'PG_VERSION'))) await copyFolder(embeddedDatabaseTemplate, partial);
  else await promisify(execFile)(process.execPath, [createEmbeddedDatabaseScript, partial]);
  // Without PG_VERSION the folder holds no database, only what an interrupted first start left.
  await rm(dir, { recursive: true, force: true });
  await rename(partial, dir);
}

/** Every file at once (fs.cp copies one after another: a second of a first start for 1,300 files). */
async function copyFolder(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  const entries = await readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? copyFolder(path.join(from, entry.name), path.join(to, entry.name))
        : copyFile(path.join(from, entry.name), path.join(to, entry.name)),
    ),
  );
}

/**
 * `DATA_DIR/socket`, created (or tightened) to 0700, and emptied of a socket a crash left behind.
 * A DATA_DIR too deep for a socket path gets a fresh private folder under the system's temporary
 * one instead (mkdtemp makes it 0700).
 */
async function privateSocketDir(dataDir: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const inDataDir = path.resolve(dataDir, 'socket');
  if (path.join(inDataDir, socketFileName).length <= maxSocketPathLength) {
    await mkdir(inDataDir, { recursive: true, mode: 0o700 });
    await chmod(inDataDir, 0o700);
    await rm(path.join(inDataDir, socketFileName), { force: true });
    return { dir: inDataDir, remove: async () => {} };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'stash-db-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
