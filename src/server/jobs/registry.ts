import type { z } from 'zod';
import type { JobDefinition } from './define';
import { sweepAuthJob } from '../auth/sweep-job';
import { deliverMailJob } from '../mail/deliver-job';
import { pruneOutboxJob } from '../mail/prune-job';
import { sweepOutboxJob } from '../mail/sweep-job';
import { inviteReplenishJob } from '../billing/invite-replenish-job';
import { proExpiryJob } from '../billing/pro-expiry-job';
import { renewalSyncJob } from '../billing/renewal-sync-job';
import { trialExpiryJob } from '../billing/trial-expiry-job';
import { endUnclaimedJob } from '../billing/end-unclaimed-job';
import { setupReminderJob } from '../billing/setup-reminder-job';
import { usageResetJob } from '../billing/usage-reset-job';
import { referralRewardJob } from '../invitations/referral-reward-job';
import { sendDigestJob } from '../digests/send-job';
import { sweepDigestsJob } from '../digests/sweep-job';
import { trialReminderJob } from '../trials/reminder-job';

/** Every background job of the product, by name. Add a job here after writing its file. */
export const jobRegistry = {
  [deliverMailJob.name]: deliverMailJob,
  [sweepOutboxJob.name]: sweepOutboxJob,
  [pruneOutboxJob.name]: pruneOutboxJob,
  [sweepAuthJob.name]: sweepAuthJob,
  [trialExpiryJob.name]: trialExpiryJob,
  [endUnclaimedJob.name]: endUnclaimedJob,
  [setupReminderJob.name]: setupReminderJob,
  [proExpiryJob.name]: proExpiryJob,
  [renewalSyncJob.name]: renewalSyncJob,
  [usageResetJob.name]: usageResetJob,
  [inviteReplenishJob.name]: inviteReplenishJob,
  [referralRewardJob.name]: referralRewardJob,
  [sweepDigestsJob.name]: sweepDigestsJob,
  [sendDigestJob.name]: sendDigestJob,
  [trialReminderJob.name]: trialReminderJob,
} as const satisfies Record<string, JobDefinition<any>>;

export type JobName = keyof typeof jobRegistry;
export type JobPayload<Name extends JobName> = z.infer<(typeof jobRegistry)[Name]['payload']>;
