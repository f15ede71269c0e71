import { fileURLToPath } from 'node:url';

/**
 * The script of a worker thread. In the build it is `built` beside dist/server/main.js. From source
 * (tests, `npm run dev`), `source` is bundled once per process by esbuild, into memory: a
 * TypeScript loader registered in each worker would take seconds to start.
 */
export function workerScriptUrl(built: string, source: URL): Promise<URL> {
  if (!import.meta.url.endsWith('.ts')) return Promise.resolve(new URL(`./${built}`, import.meta.url));
  let script = bundled.get(source.href);
  if (!script) bundled.set(source.href, (script = bundle(fileURLToPath(source))));
  return script;
}

const bundled = new Map<string, Promise<URL>>();

async function bundle(file: string): Promise<URL> {
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
    entryPoints: [file],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    write: false,
    logLevel: 'warning',
    // CommonJS dependencies (React) require Node's own modules; a data: URL has no require of its own.
    banner: { js: `import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(${JSON.stringify(file)});` },
  });
  return new URL(`data:text/javascript;base64,${Buffer.from(outputFiles[0].contents).toString('base64')}`);
}
