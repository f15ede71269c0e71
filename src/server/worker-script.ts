import { fileURLToPath } from 'node:url';

/*
 * Where a worker thread's script is. In the build it is dist/server/<builtName> beside main.js
 * (scripts/build-server.mjs). From source (tests, `npm run dev`), the .ts entry is bundled once per
 * process by esbuild, into memory: a TypeScript loader registered in each worker would take seconds
 * to start.
 */
const bundles = new Map<string, Promise<URL>>();

/** `caller` is the asking module's import.meta.url; `source` the worker's .ts file beside it; `built` its bundle's name. */
export function workerScriptUrl(caller: string, source: string, built: string): Promise<URL> {
  // The build may put the caller in dist/server/chunks/ (scripts/build-server.mjs splits the bundle).
  if (!caller.endsWith('.ts')) return Promise.resolve(new URL(caller.includes('/chunks/') ? `../${built}` : `./${built}`, caller));
  const entry = fileURLToPath(new URL(source, caller));
  let bundle = bundles.get(entry);
  if (!bundle) {
    bundle = import('esbuild').then(async ({ build }) => {
      // Bundled CommonJS packages require Node's own modules (sanitize-html's "path"): an ES module has no require of its own.
      const banner = {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(process.cwd() + '/');",
      };
      const { outputFiles } = await build({
        entryPoints: [entry],
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        jsx: 'automatic',
        write: false,
        logLevel: 'warning',
        banner,
      });
      return new URL(`data:text/javascript;base64,${Buffer.from(outputFiles[0].contents).toString('base64')}`);
    });
    bundles.set(entry, bundle);
  }
  return bundle;
}
