import { answer, api } from '@web/lib/api';

/*
 * The installed app reads offline too (docs/product/links.md, Offline): while online, the readable copies of the
 * 50 newest links that have one are kept in the Cache API, where public/sw.js answers
 * GET /api/links/:id/content from when there is no network. Only in the built app, where that
 * worker runs.
 */

/** The same name as READER_CACHE in public/sw.js. */
const READER_CACHE = 'stash-reader';
const KEPT = 50;
/** At most one pass a minute: the lists change often, the newest readable links seldom. */
const EVERY_MS = 60_000;
let lastPass = -Infinity;

const canKeep = () => import.meta.env.PROD && typeof caches !== 'undefined' && 'serviceWorker' in navigator;

/** Keeps the newest readable copies and drops the others; a no-op offline, or if a pass ran in the last minute. */
export function keepReadableCopies(now = Date.now()): void {
  if (!canKeep() || !navigator.onLine || now - lastPass < EVERY_MS) return;
  lastPass = now;
  // Offline use is a bonus: a failed pass leaves the kept copies as they are.
  keepNewest().catch(() => undefined);
}

async function keepNewest(): Promise<void> {
  const { links } = await answer(api.GET('/api/links/history', { params: { query: { limit: KEPT, readable: 'true' } } }));
  const wanted = links.map((link) => new URL(`/api/links/${link.id}/content`, location.origin).href);
  const cache = await caches.open(READER_CACHE);
  for (const request of await cache.keys()) if (!wanted.includes(request.url)) await cache.delete(request);
  for (const url of wanted) {
    if (await cache.match(url, { ignoreVary: true })) continue;
    const response = await fetch(url, { credentials: 'same-origin' });
    if (response.ok) await cache.put(url, response);
  }
}

/** On sign-out: nothing of this user's pages stays in the browser. */
export function forgetReadableCopies(): void {
  lastPass = -Infinity;
  if (typeof caches !== 'undefined') void caches.delete(READER_CACHE);
}
