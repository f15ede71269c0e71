import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedPostgres {
  connectionString: string;
  stop(): Promise<void>;
}

/**
 * PGlite (Postgres in WebAssembly) with its data under `dataDir`, served on a loopback port so
 * that `pg` and pg-boss talk to it exactly as to a real server. PGlite is one session: the pool in
 * front of it must use a single connection (see main.ts), so statements never interleave.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  // V8's optimising tier would keep a second, larger copy of Postgres's 9 MB of WebAssembly code in
  // memory; the baseline compiler alone is fast enough for one person's stash and keeps the process small.
  v8.setFlagsFromString('--liftoff-only');
  const dir = path.resolve(dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  // Postgres's default 128 MB of shared buffers would all live in this process: a link stash needs far
  // less, and the operating system caches the data files anyway.
  const pglite = await PGlite.create(dir, {
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=4MB', '-c', 'work_mem=4MB', '-c', 'wal_buffers=1MB'],
  });
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: 4 });
  await server.start();
  return {
    connectionString: `postgres://postgres@${server.getServerConn()}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await pglite.close();
    },
  };
}
