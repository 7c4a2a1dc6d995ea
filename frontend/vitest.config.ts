import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

// Component tests: the app's own Vite config (React, the shared lib from source) in jsdom.
export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      // expect.poll waits as long as Testing Library's findBy/waitFor (src/test/setup.ts): the same
      // budget for rendering on a busy machine, where its own default of 1 s is not always enough.
      expect: { poll: { timeout: 5000 } },
    },
  }),
);
