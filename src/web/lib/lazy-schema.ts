import type { ZodType } from 'zod';

/** A check's outcome: the values as the schema makes them, or each field's first problem. */
export type Checked<Parsed, Field extends string> = { data: Parsed } | { errors: Partial<Record<Field, string>> };

/**
 * A zod schema, and zod with it, loaded on the first check (or the first `preload()`, e.g. on focus)
 * rather than with the page: zod is a third of the Stashboard's first load (bench/landing-js.mjs), and
 * its add-link form is not submitted before it is typed in. A failed download (the network went) is
 * tried again at the next check, which rejects meanwhile.
 */
export function lazySchema<Parsed, Field extends string>(load: () => Promise<ZodType<Parsed>>) {
  let loaded: Promise<ZodType<Parsed>> | undefined;
  const schema = () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));

  async function check(values: Record<Field, unknown>): Promise<Checked<Parsed, Field>> {
    const result = (await schema()).safeParse(values);
    if (result.success) return { data: result.data };
    const errors: Partial<Record<Field, string>> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as Field;
      errors[field] ??= issue.message;
    }
    return { errors };
  }

  // A failed preload is left for the next check to try again and report.
  return { check, preload: () => void schema().catch(() => {}) };
}
