/**
 * Integration tests: the app booted in process against real PostgreSQL and Redis; each test file
 * gets its own fresh database and Redis key prefix (see test/support/harness.ts).
 */
// ESM-only packages under @fastify/static (glob 14 and friends): Node loads them natively, but
// jest's CommonJS runtime needs them transpiled.
const esmOnly = [
  '@fastify/static',
  'content-disposition',
  'glob',
  'minimatch',
  'path-scurry',
  'lru-cache',
  'minipass',
  '@isaacs',
  'jackspeak',
  'package-json-from-dist',
  'balanced-match',
  'brace-expansion',
  'mrz',
];

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.int-spec.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { isolatedModules: true }],
    '^.+\\.m?js$': ['ts-jest', { isolatedModules: true, tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022' } }],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper: { '^@gotnext/shared$': '<rootDir>/../libs/shared/src/index.ts' },
  testTimeout: 60000,
  maxWorkers: 2,
};
