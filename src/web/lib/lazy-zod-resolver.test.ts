import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-zod-resolver';

const schema = z.object({
  url: z
    .string()
    .min(1, 'URL is required')
    .transform((url) => `https://${url}`),
});
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  it('loads its schema once, on the first validation, and answers as zodResolver does', async () => {
    let loads = 0;
    const resolver = lazyZodResolver<{ url: string }, { url: string }>(async () => {
      loads++;
      return schema;
    });
    expect(loads).toBe(0);
    await expect(resolver({ url: '' }, undefined, options)).resolves.toMatchObject({
      values: {},
      errors: { url: { message: 'URL is required' } },
    });
    await expect(resolver({ url: 'example.com' }, undefined, options)).resolves.toEqual({
      values: { url: 'https://example.com' },
      errors: {},
    });
    expect(loads).toBe(1);
  });

  it('tries to load again at the next validation after a failed download', async () => {
    let attempts = 0;
    const resolver = lazyZodResolver<{ url: string }, { url: string }>(async () => {
      attempts++;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return schema;
    });
    await expect(resolver({ url: 'example.com' }, undefined, options)).rejects.toThrow('Failed to fetch');
    await expect(resolver({ url: 'example.com' }, undefined, options)).resolves.toEqual({
      values: { url: 'https://example.com' },
      errors: {},
    });
    expect(attempts).toBe(2);
  });
});
