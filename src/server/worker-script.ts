import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/*
 * Where a worker thread's script is. In the build it is dist/server/<builtName> beside main.js
 * (scripts/build-server.mjs). From source (tests, `npm run dev`), the .ts entry is bundled once per
 * process by esbuild, as the build does (packages left to node_modules), into node_modules/.cache:
 * a TypeScript loader registered in each worker would take seconds to start.
 */
const bundles = new Map<string, Promise<URL>>();
const cache = new URL('../../node_modules/.cache/stash-workers/', import.meta.url);

/** `caller` is the asking module's import.meta.url; `source` the worker's .ts file beside it; `built` its bundle's name. */
export function workerScriptUrl(caller: string, source: string, built: string): Promise<URL> {
  // The build may put the caller in dist/server/chunks/ (scripts/build-server.mjs splits the bundle).
  if (!caller.endsWith('.ts')) return Promise.resolve(new URL(caller.includes('/chunks/') ? `../${built}` : `./${built}`, caller));
  const entry = fileURLToPath(new URL(source, caller));
  let bundle = bundles.get(entry);
  if (!bundle) {
    bundle = import('esbuild').then(async ({ build }) => {
      const { outputFiles } = await build({
        entryPoints: [entry],
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        jsx: 'automatic',
        write: false,
        logLevel: 'warning',
      });
      const code = outputFiles[0].contents;
      // Named by content, so that test processes running side by side share a file and never see one half written.
      const file = new URL(`${built.replace(/\.js$/, '')}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`, cache);
      if (!existsSync(file)) {
        await mkdir(cache, { recursive: true });
        const partial = new URL(`${file.href}.${process.pid}`);
        await writeFile(partial, code);
        await rename(partial, file);
      }
      return file;
    });
    bundles.set(entry, bundle);
  }
  return bundle;
}
