/**
 * A read index.html's boot script starts before the app's code has arrived (src/boot/boot.ts,
 * docs/architecture.md#phone-app): on a slow network the lobby's match read then runs while the
 * JavaScript downloads, instead of after it. `call()` adopts it the first time it asks for the same
 * URL with the same token; from then on every read goes to the network as usual.
 */
export interface EarlyRead {
  url: string;
  token: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __gotnextEarlyRead?: EarlyRead;
  }
}

export function keepEarlyRead(read: EarlyRead): void {
  window.__gotnextEarlyRead = read;
}

/** The boot script's response for `url`, once; undefined when there is none for this URL and token. */
export function adoptEarlyRead(url: string, token: string | null): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__gotnextEarlyRead;
  if (!early || early.url !== url || early.token !== token) return undefined;
  delete window.__gotnextEarlyRead;
  return early.response;
}
