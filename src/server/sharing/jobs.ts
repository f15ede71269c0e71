import { lapsedPagesJob } from './lapse-job';

/** The sharing room's background jobs, collected by the process (all-jobs.ts). */
export const sharingJobs = [lapsedPagesJob];
