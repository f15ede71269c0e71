import { endUnclaimedJob } from './end-unclaimed-job';
import { inviteReplenishJob } from './invite-replenish-job';
import { proExpiryJob } from './pro-expiry-job';
import { renewalSyncJob } from './renewal-sync-job';
import { setupReminderJob } from './setup-reminder-job';
import { trialExpiryJob } from './trial-expiry-job';
import { usageResetJob } from './usage-reset-job';

/** The billing room's background jobs, collected by the process (all-jobs.ts). */
export const billingJobs = [
  trialExpiryJob,
  endUnclaimedJob,
  setupReminderJob,
  proExpiryJob,
  renewalSyncJob,
  usageResetJob,
  inviteReplenishJob,
];
