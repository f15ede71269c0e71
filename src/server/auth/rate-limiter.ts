import { createHash } from 'node:crypto';
import { RateLimiterRes, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';

/**
 * At most `limit` counted attempts per window of `windowSeconds`. Windows are fixed, as
 * rate-limiter-flexible counts: a key's window starts at its first attempt, and when it ends the
 * count starts again from nothing.
 */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export type Admission = { allowed: true; release(): Promise<void> } | { allowed: false; retryAfterSeconds: number };

/**
 * Counters every instance shares, kept by rate-limiter-flexible: PostgreSQL by default, Redis when
 * REDIS_URL is set (rate-limit.ts picks). An attempt is counted before the work it guards (so a
 * thousand concurrent guesses cannot all slip under the limit) and released afterwards when it
 * should not count, e.g. a login that succeeded.
 */
export interface RateLimiter {
  /** Counts the attempt under every rule, or, when any rule is full, under none. */
  attempt(key: string, rules: RateLimitRule[]): Promise<Admission>;
  /** Forgets every attempt counted under the key by these rules (a password reset lifts the failed-sign-in limit). */
  clear(key: string, rules: RateLimitRule[]): Promise<void>;
  /** Removes counts whose window has ended, where the store does not expire them itself; answers how many. */
  sweep(): Promise<number>;
  close(): Promise<void>;
}

export interface CounterStore {
  /** One library limiter per rule; `keyPrefix` keeps each rule's counts apart. */
  counter(keyPrefix: string, rule: RateLimitRule): RateLimiterStoreAbstract;
  sweep(): Promise<number>;
  close(): Promise<void>;
}

/** Longer keys (an address can take 254 characters) are stored by their hash: PostgreSQL's key column holds 255. */
const MAX_KEY_LENGTH = 200;

function storedKey(key: string): string {
  return key.length > MAX_KEY_LENGTH ? `sha256:${createHash('sha256').update(key).digest('base64url')}` : key;
}

interface Count {
  counter: RateLimiterStoreAbstract;
  allowed: boolean;
  msBeforeNext: number;
  /** When the window this attempt was counted in ends, by this process's clock. */
  windowEndsAt: number;
}

/** The contract above on rate-limiter-flexible's counters, one per rule. */
export function libraryRateLimiter(store: CounterStore, prefix: string): RateLimiter {
  const counters = new Map<string, RateLimiterStoreAbstract>();
  const counterFor = (rule: RateLimitRule) => {
    const keyPrefix = `${prefix}${rule.limit}/${rule.windowSeconds}`;
    let counter = counters.get(keyPrefix);
    if (!counter) {
      counter = store.counter(keyPrefix, rule);
      counters.set(keyPrefix, counter);
    }
    return counter;
  };

  return {
    async attempt(key, rules) {
      const id = storedKey(key);
      const settled = await Promise.allSettled(rules.map((rule) => count(counterFor(rule), id)));
      const counts = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      // The library counts a refused attempt too; giving every count back leaves none of this attempt.
      const giveBack = () => Promise.all(counts.map((c) => giveBackIfWindowOpen(c, id))).then(() => {});
      const failure = settled.find((result) => result.status === 'rejected');
      if (failure) {
        await giveBack();
        throw failure.reason;
      }
      const refused = counts.filter((c) => !c.allowed);
      if (refused.length > 0) {
        await giveBack();
        return { allowed: false, retryAfterSeconds: Math.max(...refused.map((c) => c.msBeforeNext)) / 1000 };
      }
      return { allowed: true, release: giveBack };
    },
    async clear(key, rules) {
      await Promise.all(rules.map((rule) => counterFor(rule).delete(storedKey(key))));
    },
    sweep: () => store.sweep(),
    close: () => store.close(),
  };
}

async function count(counter: RateLimiterStoreAbstract, id: string): Promise<Count> {
  let allowed = true;
  let res: RateLimiterRes;
  try {
    res = await counter.consume(id);
  } catch (refusal) {
    // consume() rejects with the counts when the limit is reached, with an Error when the store fails.
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    allowed = false;
    res = refusal;
  }
  return { counter, allowed, msBeforeNext: res.msBeforeNext, windowEndsAt: Date.now() + res.msBeforeNext };
}

/** After its window has ended a count is gone already: a reward then would credit the next window. */
async function giveBackIfWindowOpen(c: Count, id: string): Promise<void> {
  if (Date.now() < c.windowEndsAt) await c.counter.reward(id);
}
