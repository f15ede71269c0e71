import type { z } from 'zod';
import type { JobDefinition } from './define';
import { sweepAuthJob } from '../auth/sweep-job';
import { deliverMailJob } from '../mail/deliver-job';
import { sweepOutboxJob } from '../mail/sweep-job';

/** Every background job of the product, by name. Add a job here after writing its file. */
export const jobRegistry = {
  [deliverMailJob.name]: deliverMailJob,
  [sweepOutboxJob.name]: sweepOutboxJob,
  [sweepAuthJob.name]: sweepAuthJob,
} as const satisfies Record<string, JobDefinition<any>>;

export type JobName = keyof typeof jobRegistry;
export type JobPayload<Name extends JobName> = z.infer<(typeof jobRegistry)[Name]['payload']>;
