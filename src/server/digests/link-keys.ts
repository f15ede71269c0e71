import { randomBytes } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { linkSigningKeys } from '../db/schema';
import { makeKeyring, type Keyring } from './tokens';

/**
 * The keyring that signs the links in digests, apart from SESSION_SECRET (rotating the session
 * secret signs everyone out, and must not break the unsubscribe link of every mail delivered).
 * LINK_SIGNING_KEYS, when set, gives the operator's keys, the first of which signs; otherwise a key
 * generated on the first start and kept in the database signs (every instance reads the same one).
 * The stored key always verifies too, so moving to LINK_SIGNING_KEYS breaks no delivered mail.
 */
export async function loadLinkKeyring(db: Db, config: Pick<Config, 'linkSigningKeys' | 'sessionSecret'>): Promise<Keyring> {
  const stored = await storedKeys(db);
  return makeKeyring([...config.linkSigningKeys, ...stored], config.sessionSecret);
}

/** The stored keys, newest first; the first start stores one (instances starting together agree on it). */
async function storedKeys(db: Db): Promise<string[]> {
  const read = async (reader: Pick<Db, 'select'>) => (await reader.select({ secret: linkSigningKeys.secret }).from(linkSigningKeys).orderBy(asc(linkSigningKeys.id))).map((row) => row.secret).reverse();
  const keys = await read(db);
  if (keys.length > 0) return keys;
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table link_signing_keys in share row exclusive mode`);
    const again = await read(tx);
    if (again.length > 0) return again;
    const secret = randomBytes(32).toString('base64url');
    await tx.insert(linkSigningKeys).values({ secret });
    return [secret];
  });
}
