import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { serverMessage } from './server-message';

describe('serverMessage', () => {
  it("answers the server's message", () => {
    const error = new ApiError('Unauthorized', 401, { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    expect(serverMessage(error, 'Failed to log in')).toBe('Invalid email or password');
  });

  it('falls back when the server said nothing', () => {
    expect(serverMessage(new ApiError('503: Service Unavailable', 503, undefined), 'Failed to log in')).toBe('Failed to log in');
    expect(serverMessage(new TypeError('Failed to fetch'), 'Failed to log in')).toBe('Failed to log in');
  });
});
