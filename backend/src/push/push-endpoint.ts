/**
 * Which push endpoints this server connects to (docs/notifications.md#push-services-only): the
 * browsers' own push services on the standard port, and nothing else, so a player cannot make
 * the worker call an address of their choosing (an SSRF into the network it runs in).
 */
const PUBLIC_PUSH_HOSTS = new Set(['fcm.googleapis.com', 'updates.push.services.mozilla.com']);
const PUBLIC_PUSH_SUFFIXES = ['.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'];

/**
 * 'public': a public push service, reached only on public addresses (./public-address.ts);
 * 'test': a host of PUSH_TEST_HOSTS (tests only), reached as it resolves; null: refused.
 */
export type PushEndpointKind = 'public' | 'test' | null;

export function pushEndpointKind(endpoint: string, testHosts: readonly string[] = []): PushEndpointKind {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  const host = url.hostname;
  if (testHosts.includes(host)) return 'test';
  if (url.port !== '') return null;
  return PUBLIC_PUSH_HOSTS.has(host) || PUBLIC_PUSH_SUFFIXES.some((suffix) => host.endsWith(suffix)) ? 'public' : null;
}

/** PUSH_TEST_HOSTS as a list. */
export function pushTestHosts(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}
