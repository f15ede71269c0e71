import { describe, expect, it } from 'vitest';
import { authModeFrom, searchForMode } from './auth-mode';

const modeOf = (search: string) => authModeFrom(new URLSearchParams(search));

describe('authModeFrom', () => {
  it('opens the login form by default and for unknown modes', () => {
    expect(modeOf('')).toBe('login');
    expect(modeOf('mode=nonsense')).toBe('login');
    expect(modeOf('verified=true')).toBe('login');
  });

  it('opens the form the mode names', () => {
    expect(modeOf('mode=login')).toBe('login');
    expect(modeOf('mode=register')).toBe('register');
    expect(modeOf('mode=forgot')).toBe('forgot');
    expect(modeOf('mode=reset&token=abc')).toBe('reset');
  });

  it('asks for a new reset link when the reset token is missing', () => {
    expect(modeOf('mode=reset')).toBe('forgot');
  });

  it('opens registration for an invitation unless a mode says otherwise', () => {
    expect(modeOf('invitationCode=ABC123')).toBe('register');
    expect(modeOf('invitationCode=ABC123&mode=login')).toBe('login');
  });
});

describe('searchForMode', () => {
  it('keeps what decides the destination after login and drops the one-off parameters', () => {
    const params = new URLSearchParams('mode=reset&token=abc&verified=true&redirect=%2Fsettings&tier=pro&bonus=true&source=extension');
    const next = new URLSearchParams(searchForMode(params, 'login'));
    expect(Object.fromEntries(next)).toEqual({ mode: 'login', redirect: '/settings', tier: 'pro', bonus: 'true', source: 'extension' });
  });

  it('keeps the invitation code', () => {
    expect(searchForMode(new URLSearchParams('invitationCode=ABC123'), 'register')).toBe('invitationCode=ABC123&mode=register');
  });
});
