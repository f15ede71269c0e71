import { describe, expect, it } from 'vitest';
import { isExpectedRejection } from './unhandled-rejections';

describe('isExpectedRejection', () => {
  it.each([
    new Error('Unauthorized'),
    new Error('Authentication required'),
    new TypeError('Failed to fetch'),
    new Error('401: {"message":"Unauthorized"}'),
    '302',
  ])('suppresses %s', (reason) => {
    expect(isExpectedRejection(reason)).toBe(true);
  });

  it.each([new Error('500: Internal Server Error'), new Error('Invalid response format'), undefined])('keeps %s', (reason) => {
    expect(isExpectedRejection(reason)).toBe(false);
  });
});
