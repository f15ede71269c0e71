import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  CURRENT_COST,
  hashPassword,
  passwordDerivationsDone,
  passwordHashingLoad,
  PRODUCTION_COST,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords';

// One hash at today's cost (0.3 s, 128 MiB); the other cases use a cheap cost.
const cheap = { log2N: 10, r: 8, p: 1 };

describe('password hashes', () => {
  it('hashes with scrypt at N = 2^17, r 8, p 1, with a random salt', async () => {
    expect(PRODUCTION_COST).toEqual({ log2N: 17, r: 8, p: 1 });
    // The test runner's own cost is lighter, and a production sign-in would redo its hashes.
    expect(CURRENT_COST).toEqual({ log2N: 12, r: 8, p: 1 });
    const hash = await hashPassword('correct horse', PRODUCTION_COST);
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(await verifyPassword('correct horse', hash)).toEqual({ ok: true, needsRehash: false });
    expect(await verifyPassword('Correct horse', hash)).toEqual({ ok: false, needsRehash: false });
    expect(await verifyPassword('correct horse', await hashPassword('correct horse'))).toEqual({ ok: true, needsRehash: false });
  });

  it('salts every hash differently', async () => {
    expect(await hashPassword('same', cheap)).not.toBe(await hashPassword('same', cheap));
  });

  it('asks for a rehash of a correct password hashed at a lower cost', async () => {
    const old = await hashPassword('correct horse', cheap);
    expect(await verifyPassword('correct horse', old)).toEqual({ ok: true, needsRehash: true });
    expect(await verifyPassword('wrong horse', old)).toEqual({ ok: false, needsRehash: false });
  });

  it('treats a malformed or absurd stored hash as a mismatch', async () => {
    for (const stored of ['', 'plain', 'bcrypt$x', 'scrypt$40$8$1$c2FsdA$a2V5', 'scrypt$10$8$1$c2FsdA$']) {
      expect(await verifyPassword('x', stored), stored).toEqual({ ok: false, needsRehash: false });
    }
  });

  it('runs no more hashes at once than there are cores; a password check goes before waiting hashes', async () => {
    const stored = await hashPassword('correct horse', cheap);
    const cores = availableParallelism();
    const finished: string[] = [];
    // New hashes cost more than the check, so the check, once started, ends before a hash started with it.
    const hashes = Array.from({ length: cores + 2 }, (_, i) =>
      hashPassword(`new ${i}`, { log2N: 14, r: 8, p: 1 }).then(() => finished.push(`hash ${i}`)),
    );
    expect(passwordHashingLoad()).toEqual({ running: cores, waiting: 2 });
    const check = verifyPassword('correct horse', stored).then((result) => {
      finished.push('check');
      return result;
    });
    expect(passwordHashingLoad()).toEqual({ running: cores, waiting: 3 });

    expect(await check).toEqual({ ok: true, needsRehash: true });
    await Promise.all(hashes);
    expect(finished.indexOf('check')).toBeLessThan(finished.indexOf(`hash ${cores + 1}`));
    expect(passwordHashingLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it('does real work for an unknown account', async () => {
    await verifyAgainstDummy('guess');
    const before = passwordDerivationsDone();
    await verifyAgainstDummy('guess');
    // The second call reuses the dummy hash, so it costs one verification like a real login.
    expect(passwordDerivationsDone() - before).toBe(1);
  });
});
