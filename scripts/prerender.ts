// `npm run build:web`'s second step, after `vite build`: writes each public page
// (src/web/prerender/prerendered-pages.ts) as HTML into dist/web/prerendered/<billing mode>/, the
// built index.html with the page rendered into its root, its tab title and the query data it was
// rendered with, plus pages.json (billing mode → page → file) for the server
// (src/server/http/prerendered-pages.ts). The browser paints it before any script runs; main.tsx
// then hydrates it, except on the island pages (islandPages), which get the small script of
// src/web/islands/ and its parts instead of the app's (docs/web-app.md, Public pages as islands).
// Rendered with React's static renderer through Vite (the same aliases and modules as the build),
// waiting for every lazy part.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { compressBeside } from './precompress-plugin';

const root = fileURLToPath(new URL('..', import.meta.url));
const webRoot = path.join(root, 'dist/web');
const outDir = path.join(webRoot, 'prerendered');
const EMPTY_ROOT = '<div id="root"></div>';
const BILLING_MODES = ['stripe', 'local', 'off'] as const;

const shell = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
if (!shell.includes(EMPTY_ROOT)) throw new Error(`dist/web/index.html has no ${EMPTY_ROOT}: run vite build first`);

const appScript = shell.match(/<script type="module" crossorigin src="(\/assets\/[^"]+)"><\/script>/);
if (!appScript) throw new Error('dist/web/index.html names no entry script');
const islandsFile = readdirSync(path.join(webRoot, 'assets')).find((name) => /^islands-[\w-]+\.js$/.test(name));
if (!islandsFile) throw new Error('dist/web/assets has no islands-*.js: see vite.config.ts');

/** The file and every file it imports statically, so the page asks for them all at once (modulepreload). */
function withStaticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(path.join(webRoot, 'assets', file), 'utf8');
  for (const [, imported] of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"();]*?from\s*)?["']\.\/([^"']+\.js)["']/g))
    withStaticImports(imported, seen);
  return seen;
}
const [, ...islandsImports] = withStaticImports(islandsFile);

/** The shell of an island page: the islands script and what it imports, where the app's script and its preloads were. */
const islandShell = shell
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace(
    appScript[0],
    [
      `<script type="module" crossorigin src="/assets/${islandsFile}"></script>`,
      ...islandsImports.map((file) => `<link rel="modulepreload" crossorigin href="/assets/${file}">`),
    ].join('\n    '),
  );

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** JSON inside a script element: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const vite = await createServer({ root, appType: 'custom', logLevel: 'warn', server: { middlewareMode: true, hmr: false, watch: null } });
try {
  const { renderPage, renderIslandParts } = await vite.ssrLoadModule('/src/web/prerender/render-page.tsx');
  const { prerenderedPages, islandPages, PRERENDERED_QUERIES_ID, ISLAND_PARTS_ID } = await vite.ssrLoadModule(
    '/src/web/prerender/prerendered-pages.ts',
  );
  rmSync(outDir, { recursive: true, force: true });
  const manifest: Record<string, Record<string, string>> = {};
  for (const billing of BILLING_MODES) {
    mkdirSync(path.join(outDir, billing), { recursive: true });
    manifest[billing] = {};
    // The app's entry is named in the parts: the islands script loads it for someone signed in.
    const islandParts = `<template id="${ISLAND_PARTS_ID}" data-app="${appScript[1]}">${renderIslandParts(billing)}</template>`;
    for (const page of prerenderedPages as string[]) {
      const { html, title, queries } = await renderPage(page, billing);
      // /upgrade?journey=b → upgrade-journey-b.html
      const file = `${billing}/${page.slice(1).replace(/[?=&]/g, '-') || 'index'}.html`;
      const island = (islandPages as string[]).includes(page);
      const document = (island ? islandShell : shell)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title ?? 'Stash')}</title>`)
        .replace(
          EMPTY_ROOT,
          `<div id="root">${html}</div>\n    <script type="application/json" id="${PRERENDERED_QUERIES_ID}">${scriptJson(queries)}</script>${island ? `\n    ${islandParts}` : ''}`,
        );
      writeFileSync(path.join(outDir, file), document);
      await compressBeside(path.join(outDir, file));
      manifest[billing][page] = file;
    }
  }
  writeFileSync(path.join(outDir, 'pages.json'), JSON.stringify(manifest, null, 2));
  console.log(`Prerendered ${prerenderedPages.length} public pages for each billing mode into dist/web/prerendered/`);
} finally {
  await vite.close();
}
