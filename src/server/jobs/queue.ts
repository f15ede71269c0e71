import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { JobDefinition } from './define';
import { retryingJobEnds, type JobEndLog } from './job-ends';
import type { JobQueue } from './job-queue';
import type { JobName } from './payloads';

const SCHEMA = 'pgboss';

/**
 * pg-boss on our own pool, so the embedded database keeps its single connection. `runsWorkers`
 * false (the web role) only sends jobs: no maintenance, no cron. `log` hears of a job's end
 * waiting for the database (job-ends.ts).
 */
export function createBoss(pool: pg.Pool, runsWorkers: boolean, log?: JobEndLog): PgBoss {
  return new PgBoss({
    db: { executeSql: retryingJobEnds(SCHEMA, (text, values) => pool.query(text, values), log) },
    schema: SCHEMA,
    supervise: runsWorkers,
    schedule: runsWorkers,
  });
}

/** Sends with each job's own retry settings, from the process's job list (all-jobs.ts). */
export function jobQueue(boss: PgBoss, jobs: readonly JobDefinition[]): JobQueue {
  const definitions = new Map<JobName, JobDefinition>(jobs.map((definition) => [definition.name, definition]));
  const definitionOf = (name: JobName) => definitions.get(name) ?? unknownJob(name);
  return {
    async send(name, payload, options = {}) {
      const definition = definitionOf(name);
      const data = definition.payload.parse(payload) as object;
      return boss.send(String(name), data, {
        singletonKey: options.singletonKey,
        startAfter: options.startAfter,
        // pg-boss refuses an explicit undefined priority.
        priority: options.priority ?? 0,
        retryLimit: definition.retryLimit ?? 3,
        retryDelay: definition.retryDelaySeconds ?? 30,
        retryBackoff: definition.retryBackoff ?? true,
      });
    },
    async sendMany(name, jobs) {
      if (jobs.length === 0) return;
      const definition = definitionOf(name);
      await boss.insert(
        jobs.map((job) => ({
          name: String(name),
          data: definition.payload.parse(job.payload) as object,
          singletonKey: job.singletonKey,
          startAfter: job.startAfter?.toISOString(),
          priority: job.priority,
          retryLimit: definition.retryLimit ?? 3,
          retryDelay: definition.retryDelaySeconds ?? 30,
          retryBackoff: definition.retryBackoff ?? true,
        })),
      );
    },
  };
}

// Any fixed number, other than the migrations' lock.
const QUEUE_INSTALL_LOCK_ID = 7_362_002;

/**
 * Starts pg-boss and installs the queues. Instances starting together on a fresh database take
 * turns: pg-boss 10 creates its schema under a transaction-level lock that does not refresh what
 * the waiting session has already looked up, so the second instance died on a duplicate schema.
 * `shared` is false for the embedded database: one process, and a pool of one connection that the
 * lock would hold.
 */
export async function startQueue(boss: PgBoss, pool: pg.Pool, shared: boolean, jobs: readonly JobDefinition[]): Promise<void> {
  if (!shared) {
    await boss.start();
    await installQueues(boss, jobs);
    return;
  }
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [QUEUE_INSTALL_LOCK_ID]);
    await boss.start();
    await installQueues(boss, jobs);
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [QUEUE_INSTALL_LOCK_ID]).catch(() => {});
    lock.release();
  }
}

/** Creates every queue and its cron schedule; safe to run on each start. */
async function installQueues(boss: PgBoss, jobs: readonly JobDefinition[]): Promise<void> {
  for (const definition of jobs) {
    await boss.createQueue(definition.name, { name: definition.name, policy: definition.policy ?? 'standard' });
    if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
    // A job that moved from a cron to the minute clock leaves no schedule behind from older installs.
    else await boss.unschedule(definition.name);
  }
}

function unknownJob(name: string): never {
  throw new Error(`No job named ${name} is in the process's job list (all-jobs.ts)`);
}
