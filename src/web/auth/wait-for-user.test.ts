import { describe, expect, it, vi } from 'vitest';
import { waitForUser } from './wait-for-user';

const noSleep = vi.fn(async () => {});

describe('waitForUser', () => {
  it('answers the user as soon as there is one', async () => {
    const loadUser = vi.fn().mockResolvedValueOnce(null).mockRejectedValueOnce(new Error('500: oops')).mockResolvedValue({ id: 'u1' });
    await expect(waitForUser(loadUser, { sleep: noSleep })).resolves.toEqual({ id: 'u1' });
    expect(loadUser).toHaveBeenCalledTimes(3);
  });

  it('gives up with null after 10 attempts, 500 ms apart', async () => {
    const loadUser = vi.fn().mockResolvedValue(null);
    const sleep = vi.fn(async () => {});
    await expect(waitForUser(loadUser, { sleep })).resolves.toBeNull();
    expect(loadUser).toHaveBeenCalledTimes(10);
    expect(sleep).toHaveBeenCalledTimes(9);
    expect(sleep).toHaveBeenCalledWith(500);
  });
});
