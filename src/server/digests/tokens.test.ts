import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeKeyring, readToken, signToken } from './tokens';

const key = 'test-link-signing-key-that-is-long-enough-0123456789';
const secret = makeKeyring([key]);

describe('signed digest tokens', () => {
  it('carries its ids back out', () => {
    const ids = [randomUUID(), randomUUID()];
    expect(readToken(secret, 'open', signToken(secret, 'open', ids), 2)).toEqual(ids);
  });

  it('keeps its format: [purpose | key id | ids | 16 bytes of HMAC], so links in delivered mail keep reading', () => {
    const ids = ['0b6c7a1e-6a6b-4c1f-9a53-2f1d3e4c5b6a', 'f47ac10b-58cc-4372-a567-0e02b2c3d479'];
    expect(signToken(secret, 'open', ids)).toBe('gp2vC2x6HmprTB-aUy8dPkxbavR6wQtYzENypWcOArLD1HlpHyT14Tfq8k84dvxj8ZSp');
  });

  it('signs uuids only', () => {
    expect(() => signToken(secret, 'open', ['not-a-uuid', randomUUID()])).toThrow('not a uuid');
  });

  it('is short enough for twenty links in an e-mail', () => {
    expect(signToken(secret, 'open', [randomUUID(), randomUUID()]).length).toBeLessThan(70);
  });

  it('refuses a token with any byte changed', () => {
    const token = signToken(secret, 'unsubscribe', [randomUUID()]);
    const bytes = Buffer.from(token, 'base64url');
    for (let i = 0; i < bytes.length; i++) {
      const tampered = Buffer.from(bytes);
      tampered[i] ^= 1;
      expect(readToken(secret, 'unsubscribe', tampered.toString('base64url'), 1), `byte ${i}`).toBeNull();
    }
  });

  it('refuses any other spelling of the same bytes', () => {
    const token = signToken(secret, 'unsubscribe', [randomUUID()]);
    const last = token.at(-1)!;
    const variant = token.slice(0, -1) + (last === 'A' ? 'B' : String.fromCharCode(last.charCodeAt(0) ^ 1));
    expect(readToken(secret, 'unsubscribe', variant, 1)).toBeNull();
  });

  it('refuses a token of another purpose, another secret, another length, or junk', () => {
    const id = randomUUID();
    expect(readToken(secret, 'open', signToken(secret, 'unsubscribe', [id]), 1)).toBeNull();
    expect(readToken(secret, 'unsubscribe', signToken(makeKeyring([`${key}x`]), 'unsubscribe', [id]), 1)).toBeNull();
    expect(readToken(secret, 'view', signToken(secret, 'view', [id]), 2)).toBeNull();
    expect(readToken(secret, 'unsubscribe', 'not a token!', 1)).toBeNull();
    expect(readToken(secret, 'unsubscribe', '', 1)).toBeNull();
  });
});

describe('the keyring', () => {
  it('keeps verifying tokens of a retired key after a new one signs, and refuses them once the key is dropped', () => {
    const ids = [randomUUID()];
    const old = makeKeyring(['the-old-link-signing-key-0123456789abcdef']);
    const token = signToken(old, 'unsubscribe', ids);
    const rotated = makeKeyring(['a-new-link-signing-key-0123456789abcdefgh', 'the-old-link-signing-key-0123456789abcdef']);
    expect(readToken(rotated, 'unsubscribe', token, 1)).toEqual(ids);
    expect(readToken(rotated, 'unsubscribe', signToken(rotated, 'unsubscribe', ids), 1)).toEqual(ids);
    expect(readToken(old, 'unsubscribe', signToken(rotated, 'unsubscribe', ids), 1)).toBeNull();
    expect(readToken(makeKeyring(['a-new-link-signing-key-0123456789abcdefgh']), 'unsubscribe', token, 1)).toBeNull();
  });

  it('does not depend on the session secret: rotating it leaves delivered links working', () => {
    const ids = [randomUUID()];
    const token = signToken(makeKeyring([key], 'session-secret-one-0123456789abcdefghijkl'), 'unsubscribe', ids);
    expect(readToken(makeKeyring([key], 'session-secret-two-0123456789abcdefghijkl'), 'unsubscribe', token, 1)).toEqual(ids);
  });

  it('reads a token of the format before the keyring while the session secret is the same', () => {
    const sessionSecret = 'session-secret-one-0123456789abcdefghijkl';
    const id = randomUUID();
    const hmacKey = createHmac('sha256', sessionSecret).update('stash digest tokens v1').digest();
    const body = Buffer.concat([Buffer.from([1]), Buffer.from(id.replaceAll('-', ''), 'hex')]);
    const legacy = Buffer.concat([body, createHmac('sha256', hmacKey).update(body).digest().subarray(0, 16)]).toString('base64url');
    expect(readToken(makeKeyring([key], sessionSecret), 'unsubscribe', legacy, 1)).toEqual([id]);
    expect(readToken(makeKeyring([key], 'another-session-secret-0123456789abcdefgh'), 'unsubscribe', legacy, 1)).toBeNull();
  });
});
