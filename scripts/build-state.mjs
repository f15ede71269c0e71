// Decides whether dist/ is older than its sources, so `npm start` and the tests build only when needed.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
const outputs = [
  'dist/web/index.html',
  'dist/web/prerendered/pages.json',
  'dist/server/main.js',
  'dist/embedded-database-template/PG_VERSION',
  'dist/extension-chrome/manifest.json',
  'dist/extension-firefox/manifest.json',
];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(entry)) {
    if (name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

export function buildIsStale() {
  if (!outputs.every((file) => existsSync(file))) return true;
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return Math.max(...sources.map(newestMtime)) > builtAt;
}
