import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordBody,
  createTrialAccountBody,
  isTimeZone,
  loginBody,
  profileBody,
  registerBody,
  resetPasswordBody,
  verifyEmailQuery,
} from './auth-schemas';

/** The message of each failing field, as the error handler and the web forms show them. */
function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const signUp = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'long enough' };

describe('sign-up forms', () => {
  it('give the documented validation messages', () => {
    for (const schema of [registerBody, createTrialAccountBody]) {
      expect(messages(schema, { ...signUp, email: 'not-an-email' })).toEqual({ email: 'Please enter a valid email address' });
      expect(messages(schema, { ...signUp, password: 'short' })).toEqual({ password: 'Password must be at least 8 characters' });
      expect(messages(schema, { ...signUp, firstName: '  ' })).toEqual({ firstName: 'First name is required' });
      expect(messages(schema, { ...signUp, lastName: '' })).toEqual({ lastName: 'Last name is required' });
      expect(messages(schema, {})).toEqual({
        email: 'Please enter a valid email address',
        password: 'Password must be at least 8 characters',
        firstName: 'First name is required',
        lastName: 'Last name is required',
      });
    }
  });

  it('trims and lower-cases the address', () => {
    expect(registerBody.parse({ ...signUp, email: '  Ada@Example.COM ' }).email).toBe('ada@example.com');
  });

  it('checks an invitation code only when one is given', () => {
    expect(messages(registerBody, { ...signUp, invitationCode: 'abc' })).toEqual({
      invitationCode: 'Invitation code must be at least 6 characters',
    });
    expect(registerBody.safeParse({ ...signUp, invitationCode: '' }).success).toBe(true);
    expect(registerBody.safeParse({ ...signUp, invitationCode: 'abcdef', tier: 'pro', hasBonus: true }).success).toBe(true);
  });

  it('takes an IANA time zone of at most 50 characters', () => {
    expect(createTrialAccountBody.parse({ ...signUp, timezone: 'Europe/Paris', journey: 'b' }).timezone).toBe('Europe/Paris');
    expect(messages(createTrialAccountBody, { ...signUp, timezone: 'Mars/Olympus_Mons' })).toEqual({
      timezone: 'Please choose a valid time zone',
    });
    expect(messages(createTrialAccountBody, { ...signUp, timezone: `Europe/${'x'.repeat(50)}` })).toEqual({
      timezone: 'Timezone must be at most 50 characters',
    });
  });
});

describe('isTimeZone', () => {
  it('knows real zone names and refuses anything else', () => {
    expect(['UTC', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata'].every(isTimeZone)).toBe(true);
    expect(['', 'Nowhere/Place', '+01:00', '../etc/passwd'].some(isTimeZone)).toBe(false);
  });
});

describe('login form', () => {
  it('needs a valid address and a password', () => {
    expect(messages(loginBody, { email: 'x', password: '' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    });
    expect(messages(loginBody, { email: 'a@b.co' })).toEqual({ password: 'Password is required' });
  });
});

describe('reset form', () => {
  it('needs 8 characters and, when sent, the same confirmation', () => {
    expect(messages(resetPasswordBody, { token: 't', password: 'short' })).toEqual({
      password: 'Password must be at least 8 characters long',
    });
    expect(messages(resetPasswordBody, { token: 't', password: 'long enough', confirmPassword: 'different!' })).toEqual({
      confirmPassword: 'Please make sure both passwords are the same',
    });
    expect(resetPasswordBody.safeParse({ token: 't', password: 'long enough' }).success).toBe(true);
  });
});

describe('change-password form', () => {
  const body = { currentPassword: 'old password', newPassword: 'new password' };

  it('gives each documented message', () => {
    expect(messages(changePasswordBody, { ...body, currentPassword: '' })).toEqual({ currentPassword: 'Current password is required' });
    expect(messages(changePasswordBody, { ...body, newPassword: 'short' })).toEqual({
      newPassword: 'New password must be at least 8 characters',
    });
    expect(messages(changePasswordBody, { ...body, confirmPassword: '' })).toEqual({ confirmPassword: 'Please confirm your new password' });
    expect(messages(changePasswordBody, { ...body, confirmPassword: 'other password' })).toEqual({
      confirmPassword: "New passwords don't match",
    });
  });

  it('accepts the API payload without a confirmation', () => {
    expect(changePasswordBody.safeParse(body).success).toBe(true);
    expect(changePasswordBody.safeParse({ ...body, confirmPassword: 'new password' }).success).toBe(true);
  });
});

describe('other forms', () => {
  it('needs a verification token', () => {
    expect(messages(verifyEmailQuery, {})).toEqual({ token: 'Verification token is required' });
    expect(messages(verifyEmailQuery, { token: '' })).toEqual({ token: 'Verification token is required' });
  });

  it('checks the profile fields and drops what a user may not set', () => {
    const profile = { firstName: 'Ada', lastName: 'L', email: 'ada@example.com' };
    expect(messages(profileBody, { ...profile, profileImageUrl: 'javascript:alert(1)' })).toEqual({
      profileImageUrl: 'Please enter a valid image URL',
    });
    expect(profileBody.parse({ ...profile, accountType: 'pro', availableInvites: 99 })).toEqual(profile);
  });
});
