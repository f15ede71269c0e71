import { referralRewardJob } from './referral-reward-job';

/** The invitations room's background jobs, collected by the process (all-jobs.ts). */
export const invitationJobs = [referralRewardJob];
