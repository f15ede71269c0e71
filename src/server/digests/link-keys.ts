import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { linkSigningKeys } from '../db/schema';
import { DAY_MS, makeKeyring, type KeySecret, type Keyring } from './tokens';

/** How long a stored key verifies after it stops signing: every link it signed has expired by then (urls.ts). */
export const RETIRED_KEY_VERIFIES_MS = 90 * DAY_MS;

/** The prefix of a stored key encrypted at rest (AES-256-GCM: 12-byte IV, 16-byte tag, ciphertext). */
const ENCRYPTED = 'v1:';

type Row = { id: number; secret: string; retiredAt: Date | null };

/**
 * The keyring that signs the links in digests, apart from SESSION_SECRET (rotating the session
 * secret signs everyone out, and must not break the unsubscribe link of every mail delivered).
 * LINK_SIGNING_KEYS, when set, gives the operator's keys, the first of which signs; otherwise a key
 * generated on the first start and kept in the database signs (every instance reads the same one).
 *
 * The stored key is encrypted with a key derived from SESSION_SECRET, which every instance shares
 * and the database does not hold: a database read alone forges no link. A stored key stops signing
 * when LINK_SIGNING_KEYS is set (or when it was kept in clear before encryption) and verifies 90
 * days more, so moving to LINK_SIGNING_KEYS breaks no delivered mail while it is meant to work.
 * A stored key that SESSION_SECRET no longer decrypts (the secret changed) verifies nothing: a new
 * one takes over, and the links the old one signed stop working (docs/security.md).
 */
export async function loadLinkKeyring(
  db: Db,
  config: Pick<Config, 'linkSigningKeys' | 'sessionSecret'>,
  log?: FastifyBaseLogger,
): Promise<Keyring> {
  if (!config.sessionSecret) throw new Error('SESSION_SECRET is resolved before the link keys are loaded: it encrypts the stored one.');
  const atRest = atRestKey(config.sessionSecret);
  if (config.linkSigningKeys.length > 0)
    await db.update(linkSigningKeys).set({ retiredAt: sql`now()` }).where(isNull(linkSigningKeys.retiredAt));
  const rows = await storedRows(db);
  await encryptClearRows(db, rows, atRest);

  const now = Date.now();
  const stored = rows.flatMap((row) => {
    const secret = decrypt(row.secret, atRest);
    if (secret === undefined)
      log?.warn(
        { keyId: row.id },
        'a stored link-signing key was encrypted with another SESSION_SECRET: the links it signed no longer verify',
      );
    return secret === undefined ? [] : [{ secret, retiredAt: row.retiredAt }];
  });
  const verifying: KeySecret[] = stored
    .filter((key) => key.retiredAt)
    .map((key) => ({ secret: key.secret, verifiesUntil: key.retiredAt!.getTime() + RETIRED_KEY_VERIFIES_MS }))
    .filter((key) => now < key.verifiesUntil);
  const signing =
    config.linkSigningKeys.length > 0
      ? config.linkSigningKeys
      : [stored.find((key) => !key.retiredAt)?.secret ?? (await generatedKey(db, atRest))];
  // The first retirement is the upgrade that gave links an expiry (its migration retired the keys
  // stored then): links without one are read until that key stops verifying.
  const retirements = rows.flatMap((row) => (row.retiredAt ? [row.retiredAt.getTime()] : []));
  return makeKeyring([...signing, ...verifying], {
    sessionSecret: config.sessionSecret,
    unexpiringUntil: retirements.length > 0 ? Math.min(...retirements) + RETIRED_KEY_VERIFIES_MS : undefined,
  });
}

function atRestKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'stash', 'link-signing key at rest', 32));
}

function encrypt(secret: string, atRest: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', atRest, iv);
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ENCRYPTED + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
}

/** The key in clear; undefined when it was encrypted under another SESSION_SECRET. A key stored in clear is answered as it is. */
function decrypt(stored: string, atRest: Buffer): string | undefined {
  if (!stored.startsWith(ENCRYPTED)) return stored;
  const bytes = Buffer.from(stored.slice(ENCRYPTED.length), 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', atRest, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** Every stored key, newest first. */
async function storedRows(db: Pick<Db, 'select'>): Promise<Row[]> {
  return db
    .select({ id: linkSigningKeys.id, secret: linkSigningKeys.secret, retiredAt: linkSigningKeys.retiredAt })
    .from(linkSigningKeys)
    .orderBy(desc(linkSigningKeys.id));
}

/** Keys stored in clear before encryption are encrypted in place (instances starting together: the first write wins). */
async function encryptClearRows(db: Db, rows: Row[], atRest: Buffer): Promise<void> {
  for (const row of rows.filter((candidate) => !candidate.secret.startsWith(ENCRYPTED))) {
    await db
      .update(linkSigningKeys)
      .set({ secret: encrypt(row.secret, atRest) })
      .where(and(eq(linkSigningKeys.id, row.id), eq(linkSigningKeys.secret, row.secret)));
  }
}

/**
 * A new key to sign with, stored encrypted, when no stored key signs (the first start, after
 * LINK_SIGNING_KEYS is unset, after the upgrade, or after SESSION_SECRET changed). Instances
 * starting together agree on one: the second finds the first's under the lock. Any other key still
 * marked signing (one this SESSION_SECRET cannot read) is retired.
 */
async function generatedKey(db: Db, atRest: Buffer): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table link_signing_keys in share row exclusive mode`);
    const signing = (await storedRows(tx)).filter((row) => !row.retiredAt).map((row) => decrypt(row.secret, atRest));
    const readable = signing.find((secret) => secret !== undefined);
    if (readable !== undefined) return readable;
    await tx.update(linkSigningKeys).set({ retiredAt: sql`now()` }).where(isNull(linkSigningKeys.retiredAt));
    const secret = randomBytes(32).toString('base64url');
    await tx.insert(linkSigningKeys).values({ secret: encrypt(secret, atRest) });
    return secret;
  });
}
