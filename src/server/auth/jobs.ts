import { sweepAuthJob } from './sweep-job';

/** The auth room's background jobs, collected by the process (all-jobs.ts). */
export const authJobs = [sweepAuthJob];
