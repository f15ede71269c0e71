import { sendDigestJob } from './send-job';
import { sweepDigestsJob } from './sweep-job';

/** The digests room's background jobs, collected by the process (all-jobs.ts). */
export const digestJobs = [sweepDigestsJob, sendDigestJob];
