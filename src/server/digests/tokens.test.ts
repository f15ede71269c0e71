import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DAY_MS, makeKeyring, readToken, signToken } from './tokens';

const key = 'test-link-signing-key-that-is-long-enough-0123456789';
const secret = makeKeyring([key]);
const MONTH = 30 * DAY_MS;
const sign = (purpose: Parameters<typeof signToken>[1], ids: string[], keyring = secret) => signToken(keyring, purpose, ids, MONTH);

/** A token of the keyring's first format, without an expiry, as digests carried before. */
function unexpiringToken(secretKey: string, purpose: number, ids: string[]): string {
  const hmacKey = createHmac('sha256', secretKey).update('stash digest links v2').digest();
  const keyId = makeKeyring([secretKey]).signing.id;
  const body = Buffer.concat([Buffer.from([purpose | 0x80]), keyId, ...ids.map((id) => Buffer.from(id.replaceAll('-', ''), 'hex'))]);
  return Buffer.concat([body, createHmac('sha256', hmacKey).update(body).digest().subarray(0, 16)]).toString('base64url');
}

describe('signed digest tokens', () => {
  it('carries its ids back out', () => {
    const ids = [randomUUID(), randomUUID()];
    expect(readToken(secret, 'open', sign('open', ids), 2)).toEqual(ids);
  });

  it('keeps its format: [purpose | key id | expiry day | ids | 16 bytes of HMAC], so links in delivered mail keep reading', () => {
    const ids = ['0b6c7a1e-6a6b-4c1f-9a53-2f1d3e4c5b6a', 'f47ac10b-58cc-4372-a567-0e02b2c3d479'];
    const now = Date.parse('2026-11-27T12:00:00Z');
    const token = signToken(secret, 'open', ids, MONTH, now);
    expect(token).toBe('wp2vUU8LbHoeamtMH5pTLx0-TFtq9HrBC1jMQ3KlZw4CssPUeZxTHlqF9SxDdVVE8NLgYhg');
    // Expires at the end of the day a month on: 2026-12-28 00:00 UTC.
    expect(Buffer.from(token, 'base64url').readUInt16BE(3) * DAY_MS).toBe(Date.parse('2026-12-28T00:00:00Z'));
  });

  it('signs uuids only', () => {
    expect(() => sign('open', ['not-a-uuid', randomUUID()])).toThrow('not a uuid');
  });

  it('is short enough for twenty links in an e-mail', () => {
    expect(sign('open', [randomUUID(), randomUUID()]).length).toBeLessThan(72);
  });

  it('refuses a token with any byte changed, its expiry included', () => {
    const token = sign('unsubscribe', [randomUUID()]);
    const bytes = Buffer.from(token, 'base64url');
    for (let i = 0; i < bytes.length; i++) {
      const tampered = Buffer.from(bytes);
      tampered[i] ^= 1;
      expect(readToken(secret, 'unsubscribe', tampered.toString('base64url'), 1), `byte ${i}`).toBeNull();
    }
  });

  it('refuses any other spelling of the same bytes', () => {
    const token = sign('unsubscribe', [randomUUID()]);
    const last = token.at(-1)!;
    const variant = token.slice(0, -1) + (last === 'A' ? 'B' : String.fromCharCode(last.charCodeAt(0) ^ 1));
    expect(readToken(secret, 'unsubscribe', variant, 1)).toBeNull();
  });

  it('refuses a token of another purpose, another secret, another length, or junk', () => {
    const id = randomUUID();
    expect(readToken(secret, 'open', sign('unsubscribe', [id]), 1)).toBeNull();
    expect(readToken(secret, 'unsubscribe', sign('unsubscribe', [id], makeKeyring([`${key}x`])), 1)).toBeNull();
    expect(readToken(secret, 'view', sign('view', [id]), 2)).toBeNull();
    expect(readToken(secret, 'unsubscribe', 'not a token!', 1)).toBeNull();
    expect(readToken(secret, 'unsubscribe', '', 1)).toBeNull();
  });

  it('works for at least its lifetime, until the end of that day, and not after', () => {
    const ids = [randomUUID()];
    const now = Date.parse('2026-11-27T23:30:00Z');
    const token = signToken(secret, 'markRead', ids, MONTH, now);
    expect(readToken(secret, 'markRead', token, 1, now + MONTH - 1)).toEqual(ids);
    expect(readToken(secret, 'markRead', token, 1, Date.parse('2026-12-27T23:59:59Z'))).toEqual(ids);
    expect(readToken(secret, 'markRead', token, 1, Date.parse('2026-12-28T00:00:00Z'))).toBeNull();
  });
});

describe('the keyring', () => {
  it('keeps verifying tokens of a retired key after a new one signs, and refuses them once the key is dropped', () => {
    const ids = [randomUUID()];
    const old = makeKeyring(['the-old-link-signing-key-0123456789abcdef']);
    const token = sign('unsubscribe', ids, old);
    const rotated = makeKeyring(['a-new-link-signing-key-0123456789abcdefgh', 'the-old-link-signing-key-0123456789abcdef']);
    expect(readToken(rotated, 'unsubscribe', token, 1)).toEqual(ids);
    expect(readToken(rotated, 'unsubscribe', sign('unsubscribe', ids, rotated), 1)).toEqual(ids);
    expect(readToken(old, 'unsubscribe', sign('unsubscribe', ids, rotated), 1)).toBeNull();
    expect(readToken(makeKeyring(['a-new-link-signing-key-0123456789abcdefgh']), 'unsubscribe', token, 1)).toBeNull();
  });

  it('refuses every token of a key once it stops verifying, however long the token was to work', () => {
    const ids = [randomUUID()];
    const now = Date.now();
    const old = 'the-old-link-signing-key-0123456789abcdef';
    const token = signToken(makeKeyring([old]), 'unsubscribe', ids, 90 * DAY_MS, now);
    const ring = makeKeyring(['a-new-link-signing-key-0123456789abcdefgh', { secret: old, verifiesUntil: now + DAY_MS }]);
    expect(readToken(ring, 'unsubscribe', token, 1, now + DAY_MS - 1)).toEqual(ids);
    expect(readToken(ring, 'unsubscribe', token, 1, now + DAY_MS)).toBeNull();
  });

  it('does not depend on the session secret: rotating it leaves delivered links working', () => {
    const ids = [randomUUID()];
    const token = sign('unsubscribe', ids, makeKeyring([key], { sessionSecret: 'session-secret-one-0123456789abcdefghijkl' }));
    expect(readToken(makeKeyring([key], { sessionSecret: 'session-secret-two-0123456789abcdefghijkl' }), 'unsubscribe', token, 1)).toEqual(
      ids,
    );
  });

  it('reads tokens without an expiry (both earlier formats) only until the keyring says', () => {
    const sessionSecret = 'session-secret-one-0123456789abcdefghijkl';
    const id = randomUUID();
    const hmacKey = createHmac('sha256', sessionSecret).update('stash digest tokens v1').digest();
    const body = Buffer.concat([Buffer.from([1]), Buffer.from(id.replaceAll('-', ''), 'hex')]);
    const legacy = Buffer.concat([body, createHmac('sha256', hmacKey).update(body).digest().subarray(0, 16)]).toString('base64url');
    const keyring = unexpiringToken(key, 1, [id]);
    const now = Date.now();
    const until = makeKeyring([key], { sessionSecret, unexpiringUntil: now + DAY_MS });
    for (const token of [legacy, keyring]) {
      expect(readToken(until, 'unsubscribe', token, 1, now)).toEqual([id]);
      expect(readToken(until, 'unsubscribe', token, 1, now + DAY_MS)).toBeNull();
      expect(readToken(makeKeyring([key], { sessionSecret }), 'unsubscribe', token, 1, now)).toBeNull();
    }
    expect(
      readToken(
        makeKeyring([key], { sessionSecret: 'another-session-secret-0123456789abcdefgh', unexpiringUntil: now + DAY_MS }),
        'unsubscribe',
        legacy,
        1,
      ),
    ).toBeNull();
  });
});
