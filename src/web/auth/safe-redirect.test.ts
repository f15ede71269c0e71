import { describe, expect, it } from 'vitest';
import { postLoginDestination } from './post-login-destination';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each([
    '/dashboard',
    '/settings?tab=security',
    '/history#top',
    '/',
    '/read/0b6c7a1e-6a6b-4c1f-9a53-2f1d3e4c5b6a',
    '/Read/some-id?token=abc',
  ])('accepts the site path %s', (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    null,
    '',
    'dashboard',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /dashboard',
    'javascript:alert(1)',
    '\\\\evil.example',
    '/api/digest/open/some-token',
    '/API/digest/open/some-token',
    '/%61pi/digest/open/some-token',
    '/./api/logout',
    '/dashboard/../api/logout',
    '/dev/mailbox',
    '/no-such-page',
    '/read',
    '/read/',
    '/read/a/b',
    '/read/..%2Fapi%2Flogout',
    '/read/%2F%2Fevil.example',
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });
});

describe('postLoginDestination', () => {
  it('goes home rather than to a server endpoint that could lead off-site', () => {
    expect(postLoginDestination(new URLSearchParams({ redirect: '/api/digest/open/some-token' }))).toBe('/');
    expect(postLoginDestination(new URLSearchParams({ redirect: '/Settings?tab=security' }))).toBe('/Settings?tab=security');
  });
});
