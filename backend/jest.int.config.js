/**
 * Integration tests: the app booted in process against real PostgreSQL and Redis; each test file
 * gets its own fresh database and Redis key prefix (see test/support/harness.ts).
 */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.int-spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { isolatedModules: true }] },
  moduleNameMapper: { '^@gotnext/shared$': '<rootDir>/../libs/shared/src/index.ts' },
  testTimeout: 60000,
  maxWorkers: 2,
};
