import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import { appIcons } from './build/icons';
import { inlineEntryCss, inlineShellLogo } from './build/inline-css';
import { inlineBootScript } from './build/inline-boot';
import { routePreloads } from './build/route-preloads';
import { directContractImports } from './build/direct-imports';
import { firstRouteChunks } from './build/first-route-chunks';
import { inlineContract } from './build/inline-contract';
import { stripRouteDocs } from './build/strip-route-docs';

// The shared lib builds to CommonJS; the browser bundle compiles its TypeScript source instead,
// so Rollup sees real ES modules and tree-shakes the contract.
const sharedSource = fileURLToPath(new URL('../libs/shared/src/index.ts', import.meta.url));
const bootScript = fileURLToPath(new URL('./src/boot/boot.ts', import.meta.url));
const routeTable = fileURLToPath(new URL('./src/app/routes.tsx', import.meta.url));
const source = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));
const favicon = fileURLToPath(new URL('./public/favicon.svg', import.meta.url));
const HEADER_COLOUR = '#15171c';
// Home's panels and the pages of its two buttons: one chunk, preloaded with home (docs/architecture.md#phone-app).
const homeChunk = [source('features/home/HomePanels'), source('features/matches/CreateMatchPage'), source('features/matches/JoinMatchPage')];

export default defineConfig(({ mode, command }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const apiTarget = env.VITE_API_PROXY || 'http://localhost:3001';
  // In development the API runs on its own port; the browser still talks to one origin.
  const proxy = {
    '/api': { target: apiTarget, changeOrigin: true },
    '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
    '/uploads': { target: apiTarget, changeOrigin: true },
    '/admin': { target: apiTarget, changeOrigin: true },
  };
  const alias: { find: string | RegExp; replacement: string }[] = [{ find: '@gotnext/shared', replacement: sharedSource }];
  // React Router's package points every bundler at its development build (warnings included);
  // the production build ships its minified twin (docs/architecture.md#phone-app).
  if (command === 'build') {
    const prod = (file: string) => fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));
    alias.push({ find: /^react-router$/, replacement: prod('index.mjs') }, { find: /^react-router\/dom$/, replacement: prod('dom-export.mjs') });
  }
  return {
    plugins: [
      react(),
      stripRouteDocs(),
      inlineContract(fileURLToPath(new URL('../libs/shared/src/messages', import.meta.url))),
      directContractImports(sharedSource),
      appIcons(favicon, HEADER_COLOUR),
      inlineEntryCss(),
      inlineShellLogo(favicon),
      // '/' preloads the home chunk beside the entry (docs/architecture.md#phone-app).
      routePreloads(routeTable, { '/': homeChunk }),
      inlineBootScript(bootScript, env.VITE_API_URL),
      VitePWA({
        // The service worker (docs/architecture.md#phone-app): Workbox precaches the shell and the
        // hashed assets; a page load without network shows offline.html; nothing under /api,
        // /socket.io or /uploads is ever cached (no runtime route matches them).
        registerType: 'autoUpdate',
        // Inline (hashed into the CSP like the boot script), registering at the load event: no
        // request of its own, which on slow 3G would hold one of HTTP/1.1's six connections.
        injectRegister: 'inline',
        filename: 'sw.js',
        includeAssets: ['favicon.svg', 'offline.html'],
        manifest: {
          name: 'GotNext',
          short_name: 'GotNext',
          description: 'Ranked pickup basketball, live.',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          orientation: 'portrait',
          background_color: HEADER_COLOUR,
          theme_color: HEADER_COLOUR,
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
            { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          ],
        },
        workbox: {
          // The shell only (the entry, the offline page, icons): the pages' chunks are in the HTTP
          // cache once used, and precaching all of them cost a first visit ~600 KB more on 3G.
          globPatterns: ['assets/index-*.js', '*.{html,svg,webmanifest}', 'icons/*.png'],
          globIgnores: ['**/*.map', '**/*.gz', '**/*.br', 'index.html', 'privacy.html', 'terms.html'],
          navigateFallback: null,
          cleanupOutdatedCaches: true,
          // Push messages and notification clicks (docs/notifications.md#web-push).
          importScripts: ['/push-sw.js'],
          runtimeCaching: [
            // The scoreboard is used where a park has no signal (docs/realtime.md#the-scoreboard-offline):
            // its page is kept from the last visit, so a reload offline opens it; the score itself
            // comes from IndexedDB, never from a kept API answer.
            {
              urlPattern: ({ request, url }) => request.mode === 'navigate' && /^\/scoreboard\/[^/]+\/?$/.test(url.pathname),
              handler: 'NetworkFirst',
              options: {
                cacheName: 'scoreboard-pages',
                networkTimeoutSeconds: 4,
                cacheableResponse: { statuses: [200] },
                expiration: { maxEntries: 20 },
                precacheFallback: { fallbackURL: '/offline.html' },
              },
            },
            {
              urlPattern: ({ request, url }) => request.mode === 'navigate' && !/^\/(api|socket\.io|uploads|admin\/queues)(\/|$)/.test(url.pathname),
              handler: 'NetworkOnly',
              options: { precacheFallback: { fallbackURL: '/offline.html' } },
            },
          ],
        },
      }),
      // Every text asset is written beside itself as .br and .gz; the API's static handler sends the
      // one the browser accepts (docs/api.md#compression).
      compression({
        include: /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/,
        exclude: /\.map$/,
        threshold: 512,
        algorithms: [defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
      }),
    ],
    resolve: { alias },
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      // Small shared chunks are merged into their importers: on slow 3G each file costs a 2 s round
      // trip, and HTTP/1.1 fetches six at a time (docs/architecture.md#phone-app).
      rollupOptions: {
        output: {
          experimentalMinChunkSize: 8_000,
          // The entry, and home's panels with the pages of its two buttons, are chunks of their own
          // that nothing merges into (build/first-route-chunks.ts).
          manualChunks: firstRouteChunks(homeChunk),
        },
        // The contract's modules only declare (tables, messages, pure rules): Rollup cannot tell that
        // `['N/A', ...US_STATE_CODES]` has no side effect, so without this every such module stayed in
        // the entry through the shared index, even when only a lazy page used it.
        treeshake: { moduleSideEffects: (id) => !id.includes('/libs/shared/src/') },
      },
      // One stylesheet, inlined into the HTML (build/inline-css.ts): no page waits for a CSS file.
      cssCodeSplit: false,
    },
  };
});
