// Bundles the server into dist/server/main.js (dependencies stay in node_modules), and makes the
// empty embedded database a first start copies (dist/embedded-database-template).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  sourcemap: true,
  logLevel: 'warning',
});

const template = 'dist/embedded-database-template';
rmSync(template, { recursive: true, force: true });
execFileSync(process.execPath, ['scripts/create-embedded-database.mjs', template], { stdio: 'inherit' });
