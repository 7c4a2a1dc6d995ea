/** Unit tests: services with collaborators replaced, beside the code. No services needed. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { isolatedModules: true }],
    // `mrz` (passport MRZ) ships as ES modules only; Node requires it natively, jest needs it transpiled.
    '^.+\\.m?js$': ['ts-jest', { isolatedModules: true, tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!mrz/)'],
  moduleNameMapper: { '^@gotnext/shared$': '<rootDir>/../libs/shared/src/index.ts' },
};
