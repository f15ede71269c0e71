/** docs/product/accounts.md, Sign-up: after sign-up, the current user is asked for up to 10 times, 500 ms apart. */
const SESSION_POLL_ATTEMPTS = 10;
const SESSION_POLL_INTERVAL_MS = 500;

interface PollOptions {
  attempts?: number;
  intervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks for the signed-in user until there is one, or gives up with null. A new session cookie may
 * not be usable at once (blocked cookies, a slow proxy); a failed attempt counts as "not yet".
 */
export async function waitForUser<T>(
  loadUser: () => Promise<T | null>,
  { attempts = SESSION_POLL_ATTEMPTS, intervalMs = SESSION_POLL_INTERVAL_MS, sleep = wait }: PollOptions = {},
): Promise<T | null> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const user = await loadUser().catch(() => null);
    if (user) return user;
    if (attempt < attempts) await sleep(intervalMs);
  }
  return null;
}
