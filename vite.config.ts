import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appFilesList } from './scripts/app-files-plugin.ts';
import { nativeCoreJs } from './scripts/native-core-js-plugin.ts';
import { precompress } from './scripts/precompress-plugin.ts';

// The API server's default address (HOST 127.0.0.1, PORT 3000). Not "localhost": Node may
// resolve that to ::1, where the server does not listen.
const apiServer = 'http://127.0.0.1:3000';

// No changeOrigin: the server's origin check compares Origin with Host, and both must stay
// the dev server's own (localhost:5173) for sign-in and other POSTs to pass.
const toApiServer = { target: apiServer };

export default defineConfig({
  plugins: [nativeCoreJs(), react(), tailwindcss(), appFilesList(), precompress()],
  resolve: {
    alias: [
      { find: '@shared', replacement: fileURLToPath(new URL('./src/shared', import.meta.url)) },
      { find: '@web', replacement: fileURLToPath(new URL('./src/web', import.meta.url)) },
      // zod, configured not to use eval (the CSP forbids it) before any schema exists.
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/web/lib/zod-without-eval.ts', import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': toApiServer, '/dev': toApiServer },
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // A script per page (routing/app-routes.tsx); the service worker caches them all from
    // app-files.json (app-files-plugin.ts), so the installed app still opens every page offline.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The app (index.html), and the small script of the public pages visitors land on (src/web/islands/,
      // assets/islands-*.js, which scripts/prerender.ts puts in their HTML instead of the app's).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        islands: fileURLToPath(new URL('./src/web/islands/main.ts', import.meta.url)),
      },
      output: {
        codeSplitting: {
          // What every page runs, in one file rather than a dozen small ones (each compressed on its own).
          // Not tailwind-merge (lib/cn.ts): the landing page's first script does without it.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|wouter|regexparam|clsx|class-variance-authority)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
