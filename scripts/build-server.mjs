// Bundles the server into dist/server/main.js and its worker threads into
// dist/server/import-worker.js and digest-render-worker.js (dependencies stay in node_modules), and makes the
// empty embedded database a first start copies (dist/embedded-database-template).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'import-worker': 'src/server/imports/parse/worker.ts',
    'digest-render-worker': 'src/server/digests/render-worker.ts',
  },
  outdir: 'dist/server',
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
