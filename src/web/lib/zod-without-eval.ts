import { z } from 'zod/v4';

/*
 * zod builds fast object parsers with new Function(), probing for it as each object schema is
 * created. Our CSP forbids eval, so the probe alone reports a violation. The web build resolves
 * `zod` to this module (vite.config.ts), so zod is configured before any module that imports it
 * creates a schema, and zod loads only with the pages that use it, never with the landing page.
 */
z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
