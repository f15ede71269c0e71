// `node bench/landing-js.mjs`: the JavaScript a first visit downloads, gzip, read from the web build
// (dist/web, run `npm run build:web` first; this script builds nothing). `/`, `/pricing` and
// `/upgrade?journey=b` are island pages (docs/web-app.md, Public pages as islands): their prerendered
// HTML's entry script (src/web/islands/), every script it imports statically (the browser must fetch
// it before running) and its modulepreload links, plus what it imports when it runs (the landing
// page's ad-network report). `/dashboard` loads index.html's entry script, its imports and preloads,
// then (once the current-user call answers) the signed-in navigation and its page's script, each
// with what it imports. Prints one line per page and, with --files, every file counted.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values: args } = parseArgs({ options: { files: { type: 'boolean', default: false } } });
const webRoot = path.resolve(import.meta.dirname, '../dist/web');
const assets = path.join(webRoot, 'assets');

/** A built HTML page's entry script and modulepreloads. */
function firstScriptsOf(htmlFile) {
  const html = readFileSync(path.join(webRoot, htmlFile), 'utf8');
  const entry = html.match(/<script type="module"[^>]*src="\/assets\/([^"]+)"/)?.[1];
  if (!entry) throw new Error(`dist/web/${htmlFile} names no entry script: run \`npm run build:web\``);
  return [entry, ...[...html.matchAll(/<link rel="modulepreload"[^>]*href="\/assets\/([^"]+)"/g)].map((match) => match[1])];
}

/** The file and every file it imports statically (`import … from "./x.js"`, `import "./x.js"`), transitively. */
function withStaticImports(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(path.join(assets, file), 'utf8');
  for (const match of code.matchAll(/(?:^|[;\n}])\s*(?:import|export)\s*(?:[^'"();]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    withStaticImports(match[1], seen);
  }
  return seen;
}

function pageChunk(prefix) {
  const file = readdirSync(assets).find((name) => name.startsWith(`${prefix}-`) && name.endsWith('.js'));
  if (!file) throw new Error(`No ${prefix}-*.js in dist/web/assets`);
  return file;
}

/** What the scripts import when they run (`import("./x.js")`), with their own static imports. */
function withDynamicImports(files) {
  const all = new Set(files);
  for (const file of files) {
    const code = readFileSync(path.join(assets, file), 'utf8');
    for (const match of code.matchAll(/import\(\s*[`"']\.\/([^`"']+\.js)[`"']\s*\)/g)) withStaticImports(match[1], all);
  }
  return all;
}

const gzipBytes = (file) => gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length;

/** An island page (prerendered with the stripe billing mode, as a hosted install serves it). */
function islandPage(htmlFile) {
  const first = new Set();
  for (const file of firstScriptsOf(`prerendered/stripe/${htmlFile}`)) withStaticImports(file, first);
  return withDynamicImports(first);
}

const appFirstScripts = new Set();
for (const file of firstScriptsOf('index.html')) withStaticImports(file, appFirstScripts);
const dashboard = new Set(appFirstScripts);
for (const chunk of ['signed-in-nav', 'dashboard-page']) withStaticImports(pageChunk(chunk), dashboard);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
for (const [page, files] of [
  ['/', islandPage('index.html')],
  ['/pricing', islandPage('pricing.html')],
  ['/upgrade?journey=b', islandPage('upgrade-journey-b.html')],
  ['/dashboard', dashboard],
]) {
  const sizes = [...files].map((file) => [file, gzipBytes(file)]).sort((a, b) => b[1] - a[1]);
  const total = sizes.reduce((sum, [, bytes]) => sum + bytes, 0);
  console.log(`${page.padEnd(19)} ${kb(total).padStart(9)} gzip in ${sizes.length} scripts`);
  if (args.files) for (const [file, bytes] of sizes) console.log(`  ${kb(bytes).padStart(9)}  ${file}`);
}
