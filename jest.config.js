/** One Jest run for the whole repository; TypeScript goes through SWC (no type checking here: `npm run typecheck` does that). */
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: [
    '<rootDir>/schemas',
    '<rootDir>/services',
    '<rootDir>/projections',
    '<rootDir>/scripts',
    '<rootDir>/web-storefront',
    '<rootDir>/admin-console',
  ],
  // The storefront's node_modules and build output hold no tests of ours.
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testMatch: ['**/*.test.ts'],
  // jose (JWT) ships as ES modules only: SWC turns it into CommonJS for Jest like our own sources.
  transformIgnorePatterns: ['/node_modules/(?!jose/)'],
  transform: {
    '/node_modules/jose/.+\\.js$': ['@swc/jest', { module: { type: 'commonjs' } }],
    '^.+\\.tsx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@cubre/schemas$': '<rootDir>/schemas/src/index.ts',
    '^@cubre/schemas/(.*)$': '<rootDir>/schemas/src/$1',
    '^@cubre/platform/(.*)$': '<rootDir>/services/platform/src/$1',
    '^@cubre/services/(.*)$': '<rootDir>/services/src/$1',
    '^@cubre/projections/(.*)$': '<rootDir>/projections/src/$1',
  },
  globalSetup: '<rootDir>/scripts/test/globalSetup.ts',
  globalTeardown: '<rootDir>/scripts/test/globalTeardown.ts',
  testTimeout: 30000,
  // Two cores: more workers than that only adds contention to the fsync-heavy suites.
  maxWorkers: 2,
  // A worker that ran the SQLite or crash suites can take over Jest's default 500 ms to exit on two shared
  // cores (no handle is left open: --detectOpenHandles finds none, and with this grace every such worker
  // exits by itself); a worker that truly leaks still fails to exit in 5 s and is reported.
  workerGracefulExitTimeout: 5000,
};
