import { z } from 'zod';

/*
 * zod builds fast object parsers with new Function(), probing for it as each object schema is
 * created. Our CSP forbids eval, so the probe alone reports a violation. main.tsx imports this
 * module first, before any schema exists.
 */
z.config({ jitless: true });
