import pLimit, { type LimitFunction } from 'p-limit';
import type { Accepted } from './outbox-rows';
import type { MailTransport } from './transport';

/**
 * The transport's connections, shared by every sender in the process: at most that many messages
 * are on their way at once, each claimed only once a connection is free for it. A message SMTP has
 * just accepted is recorded `sent` by the claim of the message that waits for its connection, in
 * the same statement, or by a statement of its own when no message waits.
 */
export class Connections {
  private readonly limit: LimitFunction;
  private unrecorded: { accepted: Accepted; written: () => void; failed: (error: unknown) => void }[] = [];

  constructor(size: number) {
    this.limit = pLimit(size);
  }

  /** Runs `send` once a connection is free for it. */
  run<T>(send: () => Promise<T>): Promise<T> {
    return this.limit(send);
  }

  /** Whether a message waits for a connection: the next claim can carry a record. */
  get waiting(): boolean {
    return this.limit.pendingCount > 0;
  }

  /** Leaves the record of an accepted message to the next claim; resolves once that is written. */
  handOver(accepted: Accepted): Promise<void> {
    return new Promise((written, failed) => this.unrecorded.push({ accepted, written, failed }));
  }

  /**
   * The records left for the next statement, taken by the one that writes them: `write` gets their
   * messages, and each hand-over settles as it does.
   */
  async writeUnrecorded<T>(write: (accepted: Accepted[]) => Promise<T>): Promise<T> {
    const taken = this.unrecorded.splice(0);
    try {
      const result = await write(taken.map((record) => record.accepted));
      for (const record of taken) record.written();
      return result;
    } catch (error) {
      for (const record of taken) record.failed(error);
      throw error;
    }
  }
}

const connections = new WeakMap<MailTransport, Connections>();

export function connectionsOf(transport: MailTransport): Connections {
  let found = connections.get(transport);
  if (!found) connections.set(transport, (found = new Connections(transport.connections)));
  return found;
}
