import type { FastifyBaseLogger } from 'fastify';
import type { RateLimiter } from './auth/rate-limiter';
import type { Config } from './config';
import type { Database } from './db/client';
import type { JobQueue } from './jobs/job-queue';
import type { RequestActivity } from './http/request-activity';
import type { MailTransport } from './mail/transport';
import type { Shutdown } from './shutdown';

/** What every feature needs from the running process; built once in main.ts (or the test helper). */
export interface AppContext {
  config: Config;
  database: Database;
  jobs: JobQueue;
  mail: MailTransport;
  /** Shared attempt counters (PostgreSQL, or Redis when REDIS_URL is set). */
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  /** How many requests this process's web app is answering: background work gives way to them. */
  requestActivity: RequestActivity;
  /** Whether the process is stopping, and what its work under way did meanwhile. */
  shutdown: Shutdown;
}
