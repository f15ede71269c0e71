import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { JobDefinition } from './define';
import { jobRegistry, type JobName, type JobPayload } from './registry';

export interface SendOptions {
  /** Deduplicates only as the queue's policy says (see JobDefinition.policy). */
  singletonKey?: string;
  startAfter?: Date | number;
  priority?: number;
}

/** The typed face of the queue: only registered job names, only their payloads. */
export interface JobQueue {
  send<Name extends JobName>(name: Name, payload: JobPayload<Name>, options?: SendOptions): Promise<string | null>;
}

/**
 * pg-boss on our own pool, so the embedded database keeps its single connection. `runsWorkers`
 * false (the web role) only sends jobs: no maintenance, no cron.
 */
export function createBoss(pool: pg.Pool, runsWorkers: boolean): PgBoss {
  return new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: 'pgboss',
    supervise: runsWorkers,
    schedule: runsWorkers,
  });
}

export function jobQueue(boss: PgBoss): JobQueue {
  return {
    async send(name, payload, options = {}) {
      const definition = jobRegistry[name] as JobDefinition;
      const data = definition.payload.parse(payload) as object;
      return boss.send(String(name), data, {
        singletonKey: options.singletonKey,
        startAfter: options.startAfter,
        // pg-boss refuses an explicit undefined priority.
        priority: options.priority ?? 0,
        retryLimit: definition.retryLimit ?? 3,
        retryDelay: definition.retryDelaySeconds ?? 30,
        retryBackoff: definition.retryBackoff ?? true,
      });
    },
  };
}

/** Creates every queue and its cron schedule; safe to run on each start. */
export async function installQueues(boss: PgBoss): Promise<void> {
  for (const definition of Object.values(jobRegistry) as JobDefinition[]) {
    await boss.createQueue(definition.name, { name: definition.name, policy: definition.policy ?? 'standard' });
    if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
  }
}

