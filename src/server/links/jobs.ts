import { fillSearchVectorsJob } from './search-vectors-job';

/** The links room's background jobs, collected by the process (all-jobs.ts). */
export const linkJobs = [fillSearchVectorsJob];
