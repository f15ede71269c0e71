import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { forgetReadableCopies, keepReadableCopies } from './readable-copies';

/*
 * The installed app offline (docs/product/links.md, Offline): what the signed-in user last loaded — who they
 * are, today's links, My Stash's pages, counts and categories — is kept in this browser, and read
 * back only when the app opens without a network. Online, every page loads fresh as before. While
 * someone is signed in, the newest readable copies are kept too (readable-copies.ts).
 */

const STORAGE_KEY = 'stash.offline-cache';
const KEPT_QUERIES = ['/api/auth/user', '/api/links/today', '/api/links/history', '/api/links/count', '/api/categories'];
const SAVE_DELAY_MS = 500;

const isKept = (query: Query) =>
  query.state.status === 'success' &&
  typeof query.queryKey[0] === 'string' &&
  KEPT_QUERIES.some((prefix) => (query.queryKey[0] as string).startsWith(prefix));

export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** Starts keeping the lists; when the app opens offline, first puts the last ones kept back. */
export function keepForOffline(queryClient: QueryClient, storage: Storage = window.localStorage): void {
  if (isOffline()) {
    try {
      const kept = storage.getItem(STORAGE_KEY);
      if (kept) hydrate(queryClient, JSON.parse(kept));
    } catch {
      storage.removeItem(STORAGE_KEY);
    }
  }
  // Back online, what was read back from storage (or loaded before the connection went) is reloaded.
  window.addEventListener('online', () => void queryClient.invalidateQueries());
  let timer: ReturnType<typeof setTimeout> | undefined;
  queryClient.getQueryCache().subscribe(() => {
    clearTimeout(timer);
    timer = setTimeout(() => save(queryClient, storage), SAVE_DELAY_MS);
  });
  // Leaving the page within the delay must not lose what it loaded last.
  window.addEventListener('pagehide', () => {
    clearTimeout(timer);
    save(queryClient, storage);
  });
}

function save(queryClient: QueryClient, storage: Storage): void {
  const user = queryClient.getQueryData(['/api/auth/user']);
  // Signed out (or never signed in): nothing of anyone's stays in this browser.
  if (!user) {
    if (queryClient.getQueryState(['/api/auth/user'])?.status === 'success') forgetReadableCopies();
    return forgetOfflineCopy(storage);
  }
  keepReadableCopies();
  try {
    const loaded = dehydrate(queryClient, { shouldDehydrateQuery: isKept });
    // Each page load holds only its own lists: keep what earlier pages of this user kept too.
    const earlier = keptEarlier(storage, user);
    const loadedHashes = new Set(loaded.queries.map((query) => query.queryHash));
    const queries = [...earlier.filter((query) => !loadedHashes.has(query.queryHash)), ...loaded.queries];
    storage.setItem(STORAGE_KEY, JSON.stringify({ ...loaded, queries }));
  } catch {
    // Storage full or refused: the app still works online.
  }
}

function keptEarlier(storage: Storage, user: unknown): DehydratedState['queries'] {
  try {
    const kept = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as DehydratedState | null;
    const keptUser = kept?.queries.find((query) => query.queryHash === '["/api/auth/user"]')?.state.data as { id?: string } | undefined;
    return kept && keptUser?.id === (user as { id?: string }).id ? kept.queries : [];
  } catch {
    return [];
  }
}

/** On sign-out, so the next person on this browser sees nothing of the last one's. */
function forgetOfflineCopy(storage: Storage = window.localStorage): void {
  storage.removeItem(STORAGE_KEY);
}

/** Sign-out: the lists and the kept readable copies. */
export function forgetEverythingOffline(): void {
  forgetOfflineCopy();
  forgetReadableCopies();
}
