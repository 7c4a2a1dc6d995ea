import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The shared lib builds to CommonJS; the browser bundle compiles its TypeScript source instead,
// so Rollup sees real ES modules and tree-shakes the contract.
const sharedSource = fileURLToPath(new URL('../libs/shared/src/index.ts', import.meta.url));

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const apiTarget = env.VITE_API_PROXY || 'http://localhost:3001';
  // In development the API runs on its own port; the browser still talks to one origin.
  const proxy = {
    '/api': { target: apiTarget, changeOrigin: true },
    '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
    '/uploads': { target: apiTarget, changeOrigin: true },
    '/admin': { target: apiTarget, changeOrigin: true },
  };
  return {
    plugins: [react()],
    resolve: { alias: { '@gotnext/shared': sharedSource } },
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
    build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  };
});
