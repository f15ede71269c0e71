import { trialReminderJob } from './reminder-job';

/** The trials room's background jobs, collected by the process (all-jobs.ts). */
export const trialJobs = [trialReminderJob];
