/** The service worker's cache of scoreboard pages (frontend/vite.config.ts, docs/realtime.md#the-scoreboard-offline). */
export const SCOREBOARD_PAGE_CACHE = 'scoreboard-pages';

/**
 * Keeps this scoreboard's page for a reload without signal. The lobby opens the scoreboard inside
 * the app, so its address was never loaded as a page and the worker has nothing kept; this stores
 * it, in the cache the worker answers scoreboard pages from when the network fails.
 */
export function keepPageForOffline(): void {
  if (typeof caches === 'undefined' || !navigator.onLine) return;
  const url = window.location.pathname;
  void caches
    .open(SCOREBOARD_PAGE_CACHE)
    // Fetched again on each visit online: a page kept from an older build would name chunks a newer
    // worker no longer holds.
    .then((cache) => cache.add(url))
    .catch(() => undefined);
}
