import { isDatabaseUnreachable } from './errors';

/** The longest wait between two tries. */
const MAX_WAIT_MS = 5_000;

/**
 * Runs `statement` again while the database is unreachable (an outage, a failover), waiting a
 * little longer each time, for at most `forMs`; then, or on any other error, throws it.
 * `onUnreachable` hears of the first failure.
 */
export async function retriedWhileUnreachable<T>(
  statement: () => Promise<T>,
  forMs: number,
  onUnreachable?: (error: unknown) => void,
): Promise<T> {
  const until = Date.now() + forMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      if (!isDatabaseUnreachable(error) || Date.now() >= until) throw error;
      if (attempt === 1) onUnreachable?.(error);
      await new Promise((resolve) => setTimeout(resolve, Math.min(attempt * 500, MAX_WAIT_MS)));
    }
  }
}
