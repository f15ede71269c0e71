import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each(['/dashboard', '/settings?tab=security', '/history#top', '/'])('accepts the site path %s', (path) => {
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
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });
});
