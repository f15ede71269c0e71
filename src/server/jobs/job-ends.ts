import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import { retriedWhileUnreachable } from '../db/retry';

type QueryResult = { rows: unknown[] };
type ExecuteSql = (text: string, values?: unknown[]) => Promise<QueryResult>;
export type JobEndLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;

// pg-boss's statement texts, to know its job ends when they come by: it does not export them.
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};

/** How long a job's end waits for the database: less than pg-boss's expiry of an active job (15 minutes). */
const RETRY_FOR_MS = 10 * 60_000;
/** What pg-boss reads from a job end's result: how many jobs it changed. */
const NOTHING_RECORDED: QueryResult = { rows: [{ count: '0' }] };

/**
 * pg-boss 10 records the end of a job its worker ran (complete, or fail, which schedules the
 * retry) without awaiting it: with the database unreachable at that moment, the rejection was
 * handled by no one and the process died. Those two statements are tried again here until the
 * database is back. Given up (too long, the pool closed, another error), the job stays active
 * until pg-boss expires it and runs it again, as after a crash.
 */
export function retryingJobEnds(schema: string, executeSql: ExecuteSql, log: JobEndLog | undefined): ExecuteSql {
  const jobEnds = new Set([plans.completeJobs(schema), plans.failJobsById(schema)]);
  return async (text, values) => {
    if (!jobEnds.has(text)) return executeSql(text, values);
    try {
      return await retriedWhileUnreachable(
        () => executeSql(text, values),
        RETRY_FOR_MS,
        (err) => log?.warn({ err }, 'database unreachable: a job’s end is recorded once it is back'),
      );
    } catch (err) {
      log?.error({ err }, 'a job’s end could not be recorded: it runs again once pg-boss expires it');
      return NOTHING_RECORDED;
    }
  };
}
