import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { recordMarkedClicks } from './analytics/marked-clicks';
import { App } from './app';
import { suppressExpectedRejections } from './lib/unhandled-rejections';
import { queryClient } from './lib/query-client';
import { PRERENDERED_QUERIES_ID } from './prerender/prerendered-pages';
import { isOffline, keepForOffline } from './pwa/offline-cache';
import { registerServiceWorker } from './pwa/register-service-worker';
import { loadPublicPage } from './routing/app-routes';
import './styles.css';

suppressExpectedRejections(window);
recordMarkedClicks();
registerServiceWorker();
keepForOffline(queryClient);

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A public page the build wrote to HTML (prerender/) comes with the query data it was rendered with.
// On an island page (prerender/prerendered-pages.ts) this script is loaded by the page's own
// (islands/) for someone signed in, and hydrates it the same way.
const prerenderedQueries = document.getElementById(PRERENDERED_QUERIES_ID)?.textContent;
if (prerenderedQueries) hydrate(queryClient, JSON.parse(prerenderedQueries));
// It is hydrated when the browser is where the build was: no query string (the sign-in form's
// ?mode=, an ad's utm_*) and online (offline, the lists kept in this browser were put back first),
// once the page's own script is loaded (routing/app-routes.tsx says why). As a transition: React
// then hydrates in slices of a few milliseconds, letting the browser paint and answer in between,
// instead of holding a phone's main thread for most of a second; what the visitor clicks meanwhile
// is hydrated first and the click replayed.
// Otherwise, and on every other page, React renders afresh (replacing what was painted).
if (root.hasChildNodes() && !window.location.search && !isOffline()) {
  void loadPublicPage(window.location.pathname).then(() => startTransition(() => void hydrateRoot(root, app)));
} else createRoot(root).render(app);
