import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a route starts after its answer has gone (so the answer's content and timing cannot
 * depend on it). Failures are logged; drain() lets a shutdown wait for what is still running.
 */
export class AfterReply {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(what: string, work: () => Promise<void>): void {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => this.log.error({ err }, `${what} failed`))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  async drain(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }
}
