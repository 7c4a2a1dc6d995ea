/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API origin when the API is not served from the same origin as the app (default: same origin). */
  readonly VITE_API_URL?: string;
}

interface Window {
  /** True while the socket is connected and the server has confirmed the session; e2e tests wait on it. */
  __gotnextSocketConnected?: boolean;
}
