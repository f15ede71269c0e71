import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { inject } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { startRuntime, type Runtime } from '../../src/server/runtime';
import { createTestDatabase } from './database';

export interface TestApp extends Runtime {
  app: NonNullable<Runtime['app']>;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Start the job workers too (ROLE=all); by default only the HTTP app runs. */
  workers?: boolean;
  /** Where the server's log lines go (at LOG_LEVEL, info unless set); by default nowhere. */
  logLines?: string[];
  /** Start on an empty database, which the app migrates, instead of a copy of one migrated before the run. */
  emptyDatabase?: boolean;
}

/**
 * The app exactly as main.ts builds it, on a fresh database of its own: a new PostgreSQL
 * database when TEST_DATABASE_URL is set (a copy of one already migrated, unless `emptyDatabase`),
 * else an embedded one in a temporary folder. With REDIS_URL set in the environment, its rate-limit
 * counts are in that Redis server, under keys of its own.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase('stash_test', options.emptyDatabase ? undefined : inject('migratedTemplate'));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stash-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:3000',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    READ_PAGES: 'off',
    LOG_LEVEL: options.logLines ? 'info' : 'silent',
    ROLE: options.workers ? 'all' : 'web',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `stash-test:${randomUUID()}:` } : {}),
    ...options.env,
  });
  const lines = options.logLines;
  const log = lines
    ? pino({ level: config.logLevel }, { write: (line: string) => void lines.push(line) })
    : pino({ level: config.logLevel });
  const runtime = await startRuntime(config, log);
  await runtime.app!.ready();
  return {
    ...runtime,
    app: runtime.app!,
    dataDir,
    async close() {
      await runtime.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
