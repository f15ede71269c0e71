import type { Plugin } from 'vite';

/**
 * Writes `app-files.json`: every script and stylesheet of the web build. The app is split by page
 * (src/web/routing/app-routes.tsx) and index.html names only the first script, so the service worker
 * (public/sw.js) caches this list at install for every page to open offline.
 */
export function appFilesList(): Plugin {
  return {
    name: 'stash-app-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => /\.(js|css)$/.test(name))
        .map((name) => `/${name}`)
        .sort();
      this.emitFile({ type: 'asset', fileName: 'app-files.json', source: JSON.stringify(files) });
    },
  };
}
