import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { isDatabaseUnreachable } from '../db/errors';

type QueryResult = { rows: unknown[] };
type ExecuteSql = (text: string, values?: unknown[]) => Promise<QueryResult>;
export type JobEndLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;

// pg-boss's statement texts, to know its job ends when they come by: it does not export them.
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as { completeJobs(schema: string): string; failJobsById(schema: string): string };

/** The most a retry of a job's end waits before the next. */
const MAX_RETRY_DELAY_MS = 5_000;
/** What pg-boss reads from a job end's result: how many jobs it changed. */
const NOTHING_RECORDED: QueryResult = { rows: [{ count: '0' }] };

/**
 * pg-boss 10 records the end of a job its worker ran (complete, or fail, which schedules the
 * retry) without awaiting it: with the database unreachable at that moment, the rejection was
 * handled by no one and the process died. Those two statements are retried here until they go
 * through, for as long as the pool is open. Given up (the pool closed, or another error), the job
 * stays active until pg-boss expires it and runs it again, as after a crash.
 */
export function retryingJobEnds(pool: pg.Pool, schema: string, executeSql: ExecuteSql, log: JobEndLog | undefined): ExecuteSql {
  const jobEnds = new Set([plans.completeJobs(schema), plans.failJobsById(schema)]);
  return (text, values) => (jobEnds.has(text) ? untilRecorded(() => executeSql(text, values), pool, log) : executeSql(text, values));
}

async function untilRecorded(run: () => Promise<QueryResult>, pool: pg.Pool, log: JobEndLog | undefined): Promise<QueryResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isDatabaseUnreachable(error) || pool.ending) {
        log?.error({ err: error }, 'a job’s end could not be recorded: it runs again once pg-boss expires it');
        return NOTHING_RECORDED;
      }
      if (attempt === 1) log?.warn({ err: error }, 'database unreachable: a job’s end is recorded once it is back');
      await new Promise((resolve) => setTimeout(resolve, Math.min(attempt * 500, MAX_RETRY_DELAY_MS)));
    }
  }
}
