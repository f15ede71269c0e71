// Bundles the server into dist/server/main.js, its worker threads into dist/server/import-worker.js,
// page-reader-worker.js, digest-render-worker.js and
// subscriber-encode-worker.js (dependencies stay in node_modules) and
// dist/server/prepare-database.js, which then makes the embedded database a first start copies
// (dist/embedded-database-template: migrated, with the job queue's tables).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'import-worker': 'src/server/imports/parse/worker.ts',
    'page-reader-worker': 'src/server/pages/read/reader-worker.ts',
    'digest-render-worker': 'src/server/digests/render-worker.ts',
    'subscriber-encode-worker': 'src/server/sharing/subscriber-encode-worker.ts',
    'prepare-database': 'src/server/db/prepare-embedded-database.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // A module imported with import() becomes a chunk of its own, loaded (with its packages) when first used.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  sourcemap: true,
  logLevel: 'warning',
});

const template = 'dist/embedded-database-template';
rmSync(template, { recursive: true, force: true });
execFileSync(process.execPath, ['dist/server/prepare-database.js', template], { stdio: 'inherit' });
