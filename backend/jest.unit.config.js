/** Unit tests: services with collaborators replaced, beside the code. No services needed. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { isolatedModules: true }] },
  moduleNameMapper: { '^@gotnext/shared$': '<rootDir>/../libs/shared/src/index.ts' },
};
