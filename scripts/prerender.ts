// `npm run build:web`'s second step, after `vite build`: writes each public page
// (src/web/prerender/prerendered-pages.ts) as HTML into dist/web/prerendered/<billing mode>/, the
// built index.html with the page rendered into its root, its tab title and the query data it was
// rendered with, plus pages.json (billing mode → path → file) for the server
// (src/server/http/prerendered-pages.ts). The browser paints it before the app's script runs;
// main.tsx then hydrates it. Rendered with React's static renderer through Vite (the same aliases
// and modules as the build), waiting for every lazy part.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** JSON inside a script element: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const vite = await createServer({ root, appType: 'custom', logLevel: 'warn', server: { middlewareMode: true, hmr: false, watch: null } });
try {
  const { renderPage } = await vite.ssrLoadModule('/src/web/prerender/render-page.tsx');
  const { prerenderedPages, PRERENDERED_QUERIES_ID } = await vite.ssrLoadModule('/src/web/prerender/prerendered-pages.ts');
  rmSync(outDir, { recursive: true, force: true });
  const manifest: Record<string, Record<string, string>> = {};
  for (const billing of BILLING_MODES) {
    mkdirSync(path.join(outDir, billing), { recursive: true });
    manifest[billing] = {};
    for (const page of prerenderedPages as string[]) {
      const { html, title, queries } = await renderPage(page, billing);
      const file = `${billing}/${page.slice(1) || 'index'}.html`;
      const document = shell
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title ?? 'Stash')}</title>`)
        .replace(
          EMPTY_ROOT,
          `<div id="root">${html}</div>\n    <script type="application/json" id="${PRERENDERED_QUERIES_ID}">${scriptJson(queries)}</script>`,
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
