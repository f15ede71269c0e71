// Stash's service worker: makes the web app installable and lets its shell open offline.
// - The app shell (index.html), the files it loads and every page's script (app-files.json, written
//   by the build) are cached at install, so the app starts and opens any page without a network;
//   pages try the network first and fall back to that shell, then to /offline.html.
// - Hashed build files (/assets/…) never change: cache first. Other static files: cache, then
//   refreshed in the background.
// - API calls (/api/…) and the dev mailbox (/dev/…) are network-only: never served stale. The one
//   exception is a link's readable copy (/api/links/:id/content): the web app keeps the 50 newest in
//   READER_CACHE (src/web/pwa/readable-copies.ts); the network answers first and refreshes a kept
//   copy, and only without a network is the kept copy served, so /read/:id opens offline.
// - So are media (the landing page's demo video): too big to keep, and fetched in ranges, whose
//   partial (206) answers the Cache API refuses to store.
// Change CACHE_VERSION when this strategy changes; old caches are deleted on activation.
const CACHE_VERSION = 'v4';
const CACHE = `stash-${CACHE_VERSION}`;
/** Filled by the web app, emptied when its user signs out; kept across versions of this worker. */
const READER_CACHE = 'stash-reader';
const READABLE_COPY = /^\/api\/links\/[^/]+\/content$/;
const SHELL = '/';
/** The shell as the build wrote it: `/` itself is the landing page, prerendered (src/web/prerender/). */
const SHELL_FILE = '/index.html';
const OFFLINE_PAGE = '/offline.html';
/** What only index.html holds: the element the React app renders into. */
const APP_ROOT = '<div id="root"></div>';
const STATIC_FILES = [OFFLINE_PAGE, '/offline.css', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith('stash-') && name !== CACHE && name !== READER_CACHE).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (READABLE_COPY.test(url.pathname)) return event.respondWith(readableCopy(request));
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/dev/')) return;
  if (request.destination === 'video' || request.headers.has('range')) return;
  if (request.mode === 'navigate') event.respondWith(networkFirstPage(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else event.respondWith(staleWhileRevalidate(request, event));
});

/** index.html plus every script and stylesheet it names or the build lists, and the static files above. */
async function cacheShell() {
  const cache = await caches.open(CACHE);
  const response = await fetch(SHELL_FILE, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`The app shell answered ${response.status}`);
  const html = await response.clone().text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  const appFiles = await fetch('/app-files.json', { cache: 'no-cache' }).then((list) => (list.ok ? list.json() : []));
  await cache.put(SHELL, response);
  await cache.addAll([...new Set([...assets, ...appFiles, ...STATIC_FILES])]);
}

/** The page from the network (and the shell kept fresh); offline, the cached shell runs the app. */
async function networkFirstPage(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    // Every other page of the app is index.html: its newest copy becomes the offline shell. Pages
    // the build prerendered have their root filled, and pages the server renders itself (the test
    // checkout, for one) have none: both are left alone.
    if (response.ok && (await response.clone().text()).includes(APP_ROOT)) await cache.put(SHELL, response.clone());
    return response;
  } catch {
    return (await cache.match(SHELL)) ?? (await cache.match(OFFLINE_PAGE)) ?? Response.error();
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function staleWhileRevalidate(request, event) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  const refresh = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(request, response.clone());
    return response;
  });
  if (cached) {
    event.waitUntil(refresh.catch(() => undefined));
    return cached;
  }
  return refresh;
}

/** A readable copy from the network (a kept one refreshed, a gone one forgotten); offline, the kept copy. */
async function readableCopy(request) {
  const cache = await caches.open(READER_CACHE);
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const kept = await cache.match(request, { ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
  if (response.ok) {
    if (await cache.match(request, { ignoreVary: true })) await cache.put(request, response.clone());
  } else if (response.status === 404 || response.status === 401) {
    await cache.delete(request, { ignoreVary: true });
  }
  return response;
}
