// Builds the browser extension (src/extension) into dist/extension-chrome and dist/extension-firefox.
// EXTENSION_SERVER_URL builds it for one server, which it then starts with; without it, the
// extension's options page asks for the server on first use.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { extensionManifest, type BrowserTarget } from '../src/extension/manifest';
import { parseServerUrl } from '../src/extension/settings/server-url';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = path.join(root, 'src/extension');

export interface ExtensionBuild {
  target: BrowserTarget;
  /** The server the extension starts with and holds the host permission for; null: the person chooses it. */
  serverUrl: string | null;
  outDir: string;
}

/** One browser's unpacked extension: bundled scripts, pages, stylesheet, icons and manifest. */
export async function buildExtension({ target, serverUrl, outDir }: ExtensionBuild): Promise<void> {
  const server = serverUrl === null ? { ok: true as const, origin: null } : parseServerUrl(serverUrl);
  if (!server.ok) throw new Error(`EXTENSION_SERVER_URL: ${server.message}`);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: {
      background: path.join(source, 'background/service-worker.ts'),
      popup: path.join(source, 'popup/main.tsx'),
      options: path.join(source, 'options/main.tsx'),
    },
    outdir: outDir,
    bundle: true,
    // Classic scripts: a Chrome service worker and a Firefox background page both load them.
    format: 'iife',
    target: ['chrome120', 'firefox128'],
    jsx: 'automatic',
    minify: true,
    legalComments: 'none',
    define: { __STASH_SERVER_URL__: JSON.stringify(server.origin), 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  for (const file of ['popup/popup.html', 'options/options.html', 'extension.css'])
    cpSync(path.join(source, file), path.join(outDir, path.basename(file)));
  cpSync(path.join(source, 'icons'), path.join(outDir, 'icons'), { recursive: true });
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  const manifest = extensionManifest({ target, version, serverUrl: server.origin });
  writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const serverUrl = process.env.EXTENSION_SERVER_URL || null;
  for (const target of ['chrome', 'firefox'] as const) {
    await buildExtension({ target, serverUrl, outDir: path.join(root, `dist/extension-${target}`) });
  }
}
