import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';

type Schema = Parameters<typeof zodResolver>[0];

/**
 * A form resolver whose zod schema, and zod with it, loads on the form's first validation (or the
 * first `preload()`, e.g. on focus) rather than with the page: zod is a third of the Stashboard's
 * first load (bench/landing-js.mjs), and the Stashboard's form is not submitted before it is typed in.
 */
export function lazyZodResolver<Fields extends FieldValues, Parsed>(loadSchema: () => Promise<Schema>) {
  let loaded: Promise<Resolver<Fields, unknown, Parsed>> | undefined;
  const preload = () =>
    (loaded ??= loadSchema().then(
      (schema) => zodResolver(schema) as unknown as Resolver<Fields, unknown, Parsed>,
      (error: unknown) => {
        // A failed download (the network went) is tried again at the next validation.
        loaded = undefined;
        throw error;
      },
    ));
  const resolver: Resolver<Fields, unknown, Parsed> = async (values, context, options) => (await preload())(values, context, options);
  // A failed preload is left for the next validation to try again and report.
  return Object.assign(resolver, { preload: () => void preload().catch(() => {}) });
}
