import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readToken, signToken } from './tokens';

const secret = 'test-session-secret-that-is-long-enough-0123456789';

describe('signed digest tokens', () => {
  it('carries its ids back out', () => {
    const ids = [randomUUID(), randomUUID()];
    expect(readToken(secret, 'open', signToken(secret, 'open', ids), 2)).toEqual(ids);
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
    expect(readToken(secret, 'unsubscribe', signToken(`${secret}x`, 'unsubscribe', [id]), 1)).toBeNull();
    expect(readToken(secret, 'view', signToken(secret, 'view', [id]), 2)).toBeNull();
    expect(readToken(secret, 'unsubscribe', 'not a token!', 1)).toBeNull();
    expect(readToken(secret, 'unsubscribe', '', 1)).toBeNull();
  });
});
