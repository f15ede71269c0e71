import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import PQueue from 'p-queue';

/*
 * Password hashes: Node's scrypt, stored as "scrypt$<log2 N>$<r>$<p>$<salt>$<key>" (base64url), so
 * each hash carries the cost it was made with and a login can tell when it should be redone.
 */

export interface ScryptCost {
  log2N: number;
  r: number;
  p: number;
}

/** N = 2^17, r 8, p 1: 128 MiB and about 0.3 s per hash on a small server. */
export const PRODUCTION_COST: ScryptCost = { log2N: 17, r: 8, p: 1 };

/**
 * The cost new hashes get. Under the test runner (NODE_ENV=test, its servers too) it is 2^12, a
 * 32nd of the work, so the suite's thousands of sign-ups and sign-ins stay fast. Each hash records
 * its cost, so a production sign-in with a weaker hash rehashes it at PRODUCTION_COST.
 */
export const CURRENT_COST: ScryptCost = process.env.NODE_ENV === 'test' ? { log2N: 12, r: 8, p: 1 } : PRODUCTION_COST;

/**
 * Every scrypt goes through this queue: no more at once than the machine has cores (each takes a
 * core and 128 MiB for 0.3 s), the rest wait. A check of an existing password (a sign-in) goes
 * before a new hash (a sign-up), so a flood of sign-ups delays nobody's sign-in by more than a hash.
 */
const scryptQueue = new PQueue({ concurrency: availableParallelism() });
const SIGN_IN_FIRST = 1;

let derivations = 0;

/** How many password hashes run now and how many wait (tests, metrics). */
export function passwordHashingLoad(): { running: number; waiting: number } {
  return { running: scryptQueue.pending, waiting: scryptQueue.size };
}

/** How many scrypt derivations this process has finished: a sign-in's work is counted, not timed. */
export function passwordDerivationsDone(): number {
  return derivations;
}

const KEY_LENGTH = 64;
const SALT_BYTES = 16;

export async function hashPassword(password: string, cost: ScryptCost = CURRENT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, cost, 0);
  return ['scrypt', cost.log2N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export interface PasswordCheck {
  ok: boolean;
  /** The hash was made with a lower cost than today's: store a new one now that we know the password. */
  needsRehash: boolean;
}

/** Compares in constant time. A malformed stored hash is a mismatch, never an error. */
export async function verifyPassword(password: string, stored: string): Promise<PasswordCheck> {
  const parsed = parseHash(stored);
  if (!parsed) return { ok: false, needsRehash: false };
  const key = await deriveKey(password, parsed.salt, parsed.cost, SIGN_IN_FIRST);
  const ok = key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  return { ok, needsRehash: ok && isWeaker(parsed.cost, CURRENT_COST) };
}

let dummyHash: Promise<string> | undefined;

/**
 * Does the work of a real check against a hash nobody's password matches, so that "no such
 * account" takes as long as "wrong password" and timing tells nothing.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  await verifyPassword(password, await dummyHash);
}

function deriveKey(password: string, salt: Buffer, cost: ScryptCost, priority: number): Promise<Buffer> {
  const options: ScryptOptions = {
    N: 2 ** cost.log2N,
    r: cost.r,
    p: cost.p,
    // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is below that at N = 2^17.
    maxmem: 256 * 2 ** cost.log2N * cost.r,
  };
  return scryptQueue.add(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => {
          derivations++;
          if (error) reject(error);
          else resolve(key);
        });
      }),
    { priority, throwOnTimeout: true },
  );
}

function parseHash(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [log2N, r, p] = parts.slice(1, 4).map(Number);
  if (![log2N, r, p].every((n) => Number.isInteger(n) && n > 0) || log2N > 22 || r > 32 || p > 16) return null;
  return { cost: { log2N, r, p }, salt: Buffer.from(parts[4], 'base64url'), key: Buffer.from(parts[5], 'base64url') };
}

function isWeaker(cost: ScryptCost, target: ScryptCost): boolean {
  return cost.log2N < target.log2N || cost.r < target.r || cost.p < target.p;
}
