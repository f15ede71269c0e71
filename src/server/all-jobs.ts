import { authJobs } from './auth/jobs';
import { billingJobs } from './billing/jobs';
import { digestJobs } from './digests/jobs';
import type { JobDefinition } from './jobs/define';
import { invitationJobs } from './invitations/jobs';
import { linkJobs } from './links/jobs';
import { mailJobs } from './mail/jobs';
import { trialJobs } from './trials/jobs';
import { sharingJobs } from './sharing/jobs';

/**
 * Every background job of the process, from each room's list: the queues installed, the workers
 * started and the retry settings of each send. A new job is named in jobs/payloads.ts, defined in
 * its room, and listed in the room's jobs.ts.
 */
export const allJobs: readonly JobDefinition[] = [
  ...mailJobs,
  ...authJobs,
  ...billingJobs,
  ...invitationJobs,
  ...digestJobs,
  ...trialJobs,
  ...sharingJobs,
  ...linkJobs,
] as JobDefinition[];
