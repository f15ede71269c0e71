import type { JobName, JobPayload } from './payloads';

interface SendOptions {
  /** Deduplicates only as the queue's policy says (see JobDefinition.policy). */
  singletonKey?: string;
  startAfter?: Date | number;
  priority?: number;
}

/** The typed face of the queue: only known job names, only their payloads (payloads.ts). */
export interface JobQueue {
  send<Name extends JobName>(name: Name, payload: JobPayload<Name>, options?: SendOptions): Promise<string | null>;
  /** Many jobs of one queue in one statement; a job whose singletonKey is taken is left out. */
  sendMany<Name extends JobName>(
    name: Name,
    jobs: { payload: JobPayload<Name>; singletonKey?: string; startAfter?: Date; priority?: number }[],
  ): Promise<void>;
}
