import { lapsedPagesJob } from './lapse-job';
import { subscriberDigestJob, subscriberDigestsSweepJob } from './subscriber-digest-jobs';

/** The sharing room's background jobs, collected by the process (all-jobs.ts). */
export const sharingJobs = [lapsedPagesJob, subscriberDigestsSweepJob, subscriberDigestJob];
