import { deliverMailJob } from './deliver-job';
import { pruneOutboxJob } from './prune-job';
import { sweepOutboxJob } from './sweep-job';

/** The mail room's background jobs, collected by the process (all-jobs.ts). */
export const mailJobs = [deliverMailJob, sweepOutboxJob, pruneOutboxJob];
