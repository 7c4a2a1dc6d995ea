/**
 * The boot script: built into index.html as an inline script by build/inline-boot.ts, so it runs
 * while the page is parsed, before the app's JavaScript has arrived (docs/architecture.md#phone-app).
 *  1. The player's light/dark choice, so the first paint already has it (docs/product.md#appearance).
 *  2. On a lobby page (/pregame/{id}) of a logged-in player, the match read starts now: on slow 4G
 *     it is back long before the app's code, which adopts it (api/earlyRead.ts) instead of reading
 *     again; the match code it carries is written into the page's skeleton at once, so the player
 *     can read it out while the rest loads. React replaces the whole skeleton when it starts.
 *  3. Then the page's own chunks, which the server lists in a data block before this script
 *     (backend/src/common/http/route-preloads.ts), are preloaded, so they download beside the entry
 *     script instead of after it has run; after the read, so it never waits for a connection.
 *  4. On home, the HTML's copy of home's top shows instead of the skeleton, and a tap on one of its
 *     buttons opens that page at once: the address changes (the app starts there) and the
 *     skeleton shows with the page's title, instead of the tap waiting for the app's code.
 * Keep it small: it is part of every page's HTML.
 */
import { applyTheme } from '../app/themeChoice';
import { API_BASE, readHeaders } from '../api/config';
import { keepEarlyRead } from '../api/earlyRead';
import { readToken } from '../stores/persistedSession';
import { lobbyReadPath } from './lobbyRead';

applyTheme();

const token = readToken();
const path = lobbyReadPath(location.pathname);
if (token && path) {
  const url = `${API_BASE}${path}`;
  const response = fetch(url, { headers: readHeaders(token) });
  // The clone is taken before the app can read the body (this callback is registered first).
  const forSkeleton = response.then((r) => (r.ok ? r.clone().json() : undefined));
  keepEarlyRead({ url, token, response });
  // The read can land while the parser has yielded before reaching the skeleton: wait for it then.
  forSkeleton.then(
    (match) => afterParse(() => showCode(match)),
    () => undefined,
  );
}
if (location.pathname === '/') {
  document.documentElement.dataset.boot = 'home';
  document.addEventListener('click', openFromBootHome);
}

/** A tap on a button of the HTML's home (gone once React has drawn the page). */
function openFromBootHome(event: MouseEvent): void {
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('.boot-home a[data-boot-title]') : null;
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  // React Router reads the address when it starts, so the app opens this page, not home.
  history.pushState(null, '', link.href);
  document.documentElement.dataset.boot = 'page';
  showTitle(link.dataset.bootTitle ?? '');
}

// Once the HTML is parsed, not while it still arrives: on slow 4G the chunks would share the link
// with the rest of the page and hold back its first paint (home FCP +~350 ms in the phone bench).
afterParse(preloadRouteChunks);

/** Runs `then` once the HTML is parsed ('interactive'), which is before the app's module script runs. */
function afterParse(then: () => void): void {
  if (document.readyState === 'loading') document.addEventListener('readystatechange', then, { once: true });
  else then();
}

function preloadRouteChunks(): void {
  const list = document.getElementById('gotnext-preloads');
  if (!list) return;
  let files: { scripts?: string[]; styles?: string[] };
  try {
    files = JSON.parse(list.textContent ?? '');
  } catch {
    return;
  }
  const add = (rel: string, href: string, as?: string) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    if (as) link.as = as;
    // As Vite's own preloads (stylesheets included), so the page's import reuses the response
    // instead of fetching the file again.
    link.crossOrigin = '';
    document.head.appendChild(link);
  };
  for (const href of files.scripts ?? []) add('modulepreload', href);
  for (const href of files.styles ?? []) add('preload', href, 'style');
}

/** The page's title in place of the skeleton card's first line. */
function showTitle(text: string): void {
  const card = document.querySelector('#root .boot-skeleton .boot-card');
  if (!card) return;
  const title = document.createElement('h1');
  title.textContent = text;
  card.replaceChildren(title, ...Array.from(card.children).slice(1));
}

/** The match code in the skeleton card, if React has not taken the page over yet. */
function showCode(match: { match_code?: unknown } | undefined): void {
  const card = document.querySelector('#root .boot-card');
  if (!card || typeof match?.match_code !== 'string') return;
  const title = document.createElement('h1');
  title.textContent = 'Match Lobby';
  const code = document.createElement('p');
  code.className = 'boot-code';
  code.setAttribute('aria-label', 'Match code');
  code.textContent = match.match_code;
  card.replaceChildren(title, code, ...Array.from(card.children).slice(1));
}
