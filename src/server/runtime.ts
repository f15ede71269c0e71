import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { allJobs } from './all-jobs';
import { buildApp } from './app';
import { createRateLimiter } from './auth/rate-limit';
import type { Config } from './config';
import type { AppContext } from './context';
import { connect } from './db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';
import { createRequestActivity } from './http/request-activity';
import { createBoss, jobQueue, startQueue } from './jobs/queue';
import { startMinuteClock } from './jobs/minute-clock';
import { startWorkers } from './jobs/workers';
import { loadLinkKeyring } from './digests/link-keys';
import { startBackgroundReader } from './pages/background-reader';
import { createMailTransport } from './mail/transport';
import type { InboundSmtp } from './inbound-mail/smtp-listener';
import { Shutdown } from './shutdown';
import { closeWorkerPools } from './worker-pool';

/** What the end of the grace period keeps for the messages on a connection to finish and the stop's own steps. */
const HAND_BACK_MARGIN_MS = 5_000;

export interface Runtime {
  ctx: AppContext;
  boss: PgBoss;
  /** Absent for the worker role. */
  app?: FastifyInstance;
  /** Save by e-mail's SMTP listener: in the web role, when INBOUND_DOMAIN and INBOUND_SMTP_PORT are set. */
  inboundSmtp?: InboundSmtp;
  /**
   * Stops in order: no new requests or jobs (requests and jobs under way finish within
   * SHUTDOWN_GRACE_SECONDS; a digest not handed to SMTP by then goes back to the queue), then the
   * database.
   */
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
  config.linkKeyring = await loadLinkKeyring(database.db, config, log);

  const runsWorkers = config.role !== 'web';
  const boss = createBoss(database.pool, runsWorkers, log);
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await startQueue(boss, database.pool, !embedded, allJobs);

  const mail = await createMailTransport(config);
  const rateLimiter = await createRateLimiter(config, database, log);
  const ctx: AppContext = {
    config,
    database,
    jobs: jobQueue(boss, allJobs),
    mail,
    rateLimiter,
    log,
    requestActivity: createRequestActivity(),
    shutdown: new Shutdown(),
  };
  if (runsWorkers) await startWorkers(boss, ctx, allJobs);
  const minuteClock = runsWorkers ? startMinuteClock(ctx, allJobs) : undefined;
  const backgroundReader = runsWorkers && config.readPages ? startBackgroundReader(ctx) : undefined;
  const app = config.role === 'worker' ? undefined : await buildApp(ctx);
  const inbound = config.inbound;
  // Loaded only when configured: a server without save by e-mail never holds smtp-server, mailparser or mailauth.
  const inboundSmtp =
    app && inbound?.smtpPort !== undefined
      ? await (await import('./inbound-mail/smtp-listener')).startInboundSmtp(ctx, inbound.domain, inbound.smtpPort)
      : undefined;

  return {
    ctx,
    boss,
    app,
    inboundSmtp,
    async stop() {
      minuteClock?.stop();
      const graceMs = config.shutdownGraceSeconds * 1000;
      ctx.shutdown.begin(Math.max(graceMs - HAND_BACK_MARGIN_MS, graceMs / 2));
      if (runsWorkers)
        log.info(
          { graceSeconds: config.shutdownGraceSeconds, inFlight: ctx.shutdown.summary().inFlight },
          'stopping: claiming nothing new, draining the work under way',
        );
      await Promise.all([
        app?.close(),
        inboundSmtp?.stop(),
        boss.stop({ graceful: true, timeout: graceMs, wait: true, close: false }),
        backgroundReader?.stop(),
      ]);
      // pg-boss stops waiting at the grace period; work it gave up on still hands its messages back.
      await ctx.shutdown.whenIdle(HAND_BACK_MARGIN_MS);
      if (runsWorkers) log.info(ctx.shutdown.summary(), 'drained');
      await closeWorkerPools();
      await mail.close();
      await rateLimiter.close();
      await database.close();
      await embedded?.stop();
    },
  };
}
