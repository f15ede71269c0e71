// Creates an empty embedded database (PGlite's initdb) in the folder given, then exits. It runs in a
// process of its own: initdb grows PGlite's WebAssembly memory by hundreds of MB, and WebAssembly
// memory never shrinks, so a server that ran it itself would idle that large until restarted.
// `npm run build` makes dist/embedded-database-template with it (a first start copies that: fast);
// the server runs it itself only when there is no template (tests and `npm run dev`).
// Usage: node scripts/create-embedded-database.mjs <folder>
import { PGlite } from '@electric-sql/pglite';

const folder = process.argv[2];
if (!folder) throw new Error('usage: node scripts/create-embedded-database.mjs <folder>');
const database = await PGlite.create(folder);
await database.close();
