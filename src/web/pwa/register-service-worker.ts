/**
 * Registers public/sw.js, which makes Stash installable and lets its shell open offline. Only in
 * the built app: under `npm run dev` a cached shell would go stale against Vite's live modules.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      // The app works without it; only installing and offline use are lost.
      console.warn('The service worker could not be registered:', error);
    });
  });
}
