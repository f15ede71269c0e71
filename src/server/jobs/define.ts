import type { z } from 'zod';
import type { AppContext } from '../context';
import { jobPayloads, type JobName, type JobPayload } from './payloads';

export interface JobDefinition<Name extends JobName = JobName> {
  name: Name;
  /** The payload's schema, from payloads.ts. */
  payload: z.ZodType<JobPayload<Name>>;
  handler: (payload: JobPayload<Name>, ctx: AppContext, meta: { retryCount: number }) => Promise<void>;
  /** A cron expression (UTC); the job then runs on that schedule with an empty payload. */
  cron?: string;
  /** Sent on the minute by every worker process's own clock (minute-clock.ts), instead of a cron. */
  every?: 'minute';
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** How many workers of this queue one process runs. */
  concurrency?: number;
  /**
   * How often an idle worker looks for jobs; 1 s when absent. pg-boss also waits out the rest of
   * this interval after each fetch that found work, so it bounds a busy worker's pace too.
   */
  pollingIntervalSeconds?: number;
  /**
   * Fetch up to `size` jobs at once and hand them all to `handler`, for work that is cheaper done as a
   * set. The handler answers for each job itself: if it throws, every job of the batch is retried.
   */
  batch?: { size: number; handler: (payloads: JobPayload<Name>[], ctx: AppContext) => Promise<void> };
  /**
   * pg-boss's queue policy; 'standard' when absent. With 'short', a send whose singletonKey matches a
   * job still waiting to start is a no-op (in 'standard' the key alone deduplicates nothing).
   */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
}

/**
 * One job = one file exporting `defineJob({...})`, listed in its room's jobs.ts; its name and
 * payload are first written in payloads.ts.
 */
export function defineJob<const Name extends JobName>(definition: Omit<JobDefinition<Name>, 'payload'>): JobDefinition<Name> {
  return { ...definition, payload: jobPayloads[definition.name] as unknown as z.ZodType<JobPayload<Name>> };
}
