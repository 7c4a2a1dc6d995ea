// `npm run lint`'s ESLint part (docs/architecture.md#the-gate): a lean rule set whose findings are
// real. Type-aware rules run only on backend and frontend code, where a forgotten promise is a
// lost error or a request answered before its write.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importBoundaries } from './scripts/lint/import-boundaries.mjs';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'frontend/dev-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: { ...globals.node } },
    plugins: { gotnext: importBoundaries },
    rules: {
      'gotnext/feature-boundaries': 'error',
      // `_name` marks a value kept on purpose (an omitted field of a rest spread, an unused argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.cjs', '**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    // An explicit `const { PerformanceObserver } = require('node:perf_hooks')` names the global it shadows on purpose.
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-redeclare': ['error', { builtinGlobals: false }] },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['backend/src/**/*.ts', 'backend/test/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // React Router's navigate() returns a promise only to say when the navigation settled; it never rejects.
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] }],
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['frontend/public/*-sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Playwright's fixtures take their dependencies as a destructured first parameter, `({}, use)` when there are none.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    // Code run inside the browser by Playwright (page.evaluate) sits in e2e and bench files.
    files: ['e2e/**/*.ts', 'bench/**/*.mjs', 'playwright.config.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
