import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

const schema = z.object({
  url: z
    .string()
    .min(1, 'URL is required')
    .transform((url) => `https://${url}`),
  notes: z.string().max(3, 'Notes must be at most 3 characters').min(2, 'Notes are too short'),
});

describe('lazySchema', () => {
  it("loads its schema once, on the first check, and answers the parsed values or each field's first problem", async () => {
    let loads = 0;
    const fields = lazySchema<z.infer<typeof schema>, 'url' | 'notes'>(async () => {
      loads++;
      return schema;
    });
    expect(loads).toBe(0);
    await expect(fields.check({ url: '', notes: 'ok' })).resolves.toEqual({ errors: { url: 'URL is required' } });
    await expect(fields.check({ url: '', notes: '' })).resolves.toEqual({
      errors: { url: 'URL is required', notes: 'Notes are too short' },
    });
    await expect(fields.check({ url: 'example.com', notes: 'ok' })).resolves.toEqual({ data: { url: 'https://example.com', notes: 'ok' } });
    expect(loads).toBe(1);
  });

  it('tries to load again at the next check after a failed download', async () => {
    let attempts = 0;
    const fields = lazySchema<z.infer<typeof schema>, 'url' | 'notes'>(async () => {
      attempts++;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return schema;
    });
    fields.preload();
    await expect(fields.check({ url: 'example.com', notes: 'ok' })).rejects.toThrow('Failed to fetch');
    await expect(fields.check({ url: 'example.com', notes: 'ok' })).resolves.toEqual({ data: { url: 'https://example.com', notes: 'ok' } });
    expect(attempts).toBe(2);
  });
});
