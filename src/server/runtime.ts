import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { buildApp } from './app';
import { createRateLimiter } from './auth/rate-limit';
import type { Config } from './config';
import type { AppContext } from './context';
import { connect } from './db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';
import { createBoss, jobQueue, startQueue } from './jobs/queue';
import { startWorkers } from './jobs/workers';
import { startTitleFetcher } from './links/title-fetch/fetcher';
import { createMailTransport } from './mail/transport';

export interface Runtime {
  ctx: AppContext;
  boss: PgBoss;
  /** Absent for the worker role. */
  app?: FastifyInstance;
  /** Stops in order: no new requests (in-flight ones finish), workers drain, then the database. */
  stop(): Promise<void>;
}

/**
 * Assembles the whole process from a config: the database (embedded when no DATABASE_URL),
 * migrations, the job queue, mail, and — by role — the HTTP app and the workers.
 */
export async function startRuntime(config: Config, log: FastifyBaseLogger): Promise<Runtime> {
  let embedded: EmbeddedPostgres | undefined;
  if (!config.databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir);
    log.info({ dataDir: config.dataDir }, 'using the embedded database');
  }
  const connectionString = config.databaseUrl ?? embedded!.connectionString;
  // PGlite is a single session: one connection, kept open, so statements never interleave.
  const database = connect(connectionString, embedded ? { max: 1, idleTimeoutMillis: 0, sharedSession: true } : {});
  await runMigrations(database.pool);

  const runsWorkers = config.role !== 'web';
  const boss = createBoss(database.pool, runsWorkers);
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await startQueue(boss, database.pool, !embedded);

  const mail = await createMailTransport(config);
  const rateLimiter = await createRateLimiter(config, database.db, log);
  const ctx: AppContext = { config, database, jobs: jobQueue(boss), mail, rateLimiter, log };
  if (runsWorkers) await startWorkers(boss, ctx);
  const titleFetcher = runsWorkers && config.fetchTitles ? startTitleFetcher(ctx) : undefined;
  const app = config.role === 'worker' ? undefined : await buildApp(ctx);

  return {
    ctx,
    boss,
    app,
    async stop() {
      await app?.close();
      await Promise.all([boss.stop({ graceful: true, timeout: 5000, wait: true, close: false }), titleFetcher?.stop()]);
      await mail.close();
      await rateLimiter.close();
      await database.close();
      await embedded?.stop();
    },
  };
}
