import type { FastifyInstance } from 'fastify';

/*
 * How busy this process's web app is, for the work done in the background (pages/background-reader.ts):
 * reading saved pages takes CPU that the requests' answers then wait for (issue 15's p99 goal), so
 * that work slows down while requests are coming in. The signal is requests a second rather than the
 * event loop's utilisation: at a browsing rate the loop is mostly idle and the tail still grows,
 * because the CPU is shared with PostgreSQL and the page reader thread. A process without the web app
 * (ROLE=worker) counts nothing and is never busy.
 */

/** From this many requests in the last second, the app is busy. One person browsing sends fewer. */
export const BUSY_REQUESTS_A_SECOND = 10;

export interface RequestActivity {
  /** Counts one request (the app's onRequest hook). */
  record(): void;
  /** Requests over about the last second. */
  lastSecond(): number;
  busy(): boolean;
}

/** Two one-second buckets: the current one and, weighted by how much of it is still in the window, the one before. */
export function createRequestActivity(now: () => number = () => performance.now()): RequestActivity {
  let bucketStart = now();
  let current = 0;
  let previous = 0;
  const roll = (at: number) => {
    const elapsed = at - bucketStart;
    if (elapsed < 1000) return;
    previous = elapsed < 2000 ? current : 0;
    current = 0;
    bucketStart = at - (elapsed % 1000);
  };
  const lastSecond = () => {
    const at = now();
    roll(at);
    return current + previous * (1 - (at - bucketStart) / 1000);
  };
  return {
    record() {
      roll(now());
      current++;
    },
    lastSecond,
    busy: () => lastSecond() >= BUSY_REQUESTS_A_SECOND,
  };
}

export function registerRequestActivity(app: FastifyInstance, activity: RequestActivity): void {
  app.addHook('onRequest', (_request, _reply, done) => {
    activity.record();
    done();
  });
}
