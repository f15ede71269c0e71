import type PgBoss from 'pg-boss';
import type { AppContext } from '../context';
import type { JobDefinition } from './define';

/** Starts the workers of every job of the process (the worker role). pg-boss's stop() drains them. */
export async function startWorkers(boss: PgBoss, ctx: AppContext, jobs: readonly JobDefinition[]): Promise<void> {
  for (const definition of jobs) {
    const { batch } = definition;
    const run = async (jobs: PgBoss.JobWithMetadata<object>[]) => {
      if (batch)
        return batch.handler(
          jobs.map((job) => definition.payload.parse(job.data)),
          ctx,
        );
      for (const job of jobs) {
        const payload = definition.payload.parse(job.data);
        await definition.handler(payload, ctx, { retryCount: job.retryCount });
      }
    };
    // One pg-boss worker fetches one job (or one batch) at a time; several workers give concurrency.
    for (let i = 0; i < (definition.concurrency ?? 1); i++) {
      const pollingIntervalSeconds = definition.pollingIntervalSeconds ?? 1;
      await boss.work<object>(definition.name, { batchSize: batch?.size ?? 1, pollingIntervalSeconds, includeMetadata: true }, run);
    }
  }
}
