import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedConversion {
  path: string;
  authorization?: string;
  body: { data: { events: Record<string, any>[] } };
}

/**
 * A local stand-in for the ad network's Conversions API: records each request, answers as told.
 * start() gives the base URL to hand to RedditConversions in place of the real one.
 */
export class FakeAdNetwork {
  received: ReceivedConversion[] = [];
  /** What the next requests get: a status, after a delay (Infinity: not until `answerHeld()`, or never). */
  answer = { status: 200, delayMs: 0 };
  private held: (() => void)[] = [];
  private readonly server: Server = createServer((request, response) => void this.handle(request, response));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/v3/pixels`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Waits until `n` requests have arrived. */
  async waitFor(n: number): Promise<ReceivedConversion[]> {
    for (const deadline = Date.now() + 5000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 10))) {
      if (this.received.length >= n) return this.received;
    }
    throw new Error(`the fake network got ${this.received.length} requests, not ${n}`);
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    let text = '';
    for await (const chunk of request) text += chunk;
    this.received.push({ path: request.url ?? '', authorization: request.headers.authorization, body: JSON.parse(text) });
    const { status, delayMs } = this.answer;
    const reply = () => void response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    if (delayMs === Infinity) this.held.push(reply);
    else setTimeout(reply, delayMs);
  }

  /** Answers the requests held so far (those that came while `delayMs` was Infinity). */
  answerHeld(): void {
    for (const reply of this.held.splice(0)) reply();
  }
}
