import type { z } from 'zod';
import type { AppContext } from '../context';

export interface JobDefinition<Payload extends z.ZodType = z.ZodType, Name extends string = string> {
  name: Name;
  payload: Payload;
  handler: (payload: z.infer<Payload>, ctx: AppContext, meta: { retryCount: number }) => Promise<void>;
  /** A cron expression (UTC); the job then runs on that schedule with an empty payload. */
  cron?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** How many jobs of this queue one worker runs at once. */
  concurrency?: number;
  /**
   * pg-boss's queue policy; 'standard' when absent. With 'short', a send whose singletonKey matches a
   * job still waiting to start is a no-op (in 'standard' the key alone deduplicates nothing).
   */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
}

/** One job = one file exporting `defineJob({...})`; a payload carries ids, not objects. */
export function defineJob<const Name extends string, Payload extends z.ZodType>(
  definition: JobDefinition<Payload, Name>,
): JobDefinition<Payload, Name> {
  return definition;
}
