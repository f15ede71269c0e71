import { describe, expect, it } from 'vitest';
import { validationMessages as m } from './validation-messages';
import { multiLineText, nameText, oneLineText, tokenText } from './text';

describe('the shared text fields', () => {
  it('strips NUL and other control characters, and mends lone surrogates', () => {
    expect(oneLineText().parse(' Ann\u0000e\u001b[31m ')).toBe('Ann e [31m');
    expect(oneLineText().parse('half \ud800 pair')).toBe('half \ufffd pair');
    expect(multiLineText().parse('first\r\nsecond\u0000\tthird\u0007')).toBe('first\r\nsecond\tthird');
  });

  it('keeps names on one line and at most 100 characters', () => {
    const firstName = nameText(m.firstNameRequired);
    expect(firstName.parse('Ada\nLovelace\u2028')).toBe('Ada Lovelace');
    expect(firstName.safeParse('x'.repeat(101)).error?.issues[0].message).toBe(m.nameTooLong);
    expect(firstName.safeParse('\u0000\n').error?.issues[0].message).toBe(m.firstNameRequired);
  });

  it('refuses a token with control characters instead of changing it', () => {
    const token = tokenText('Invalid link', 200);
    expect(token.parse('abc-123')).toBe('abc-123');
    expect(token.safeParse('abc\u0000').error?.issues[0].message).toBe('Invalid link');
    expect(token.safeParse('abc\udc00').error?.issues[0].message).toBe('Invalid link');
  });
});
