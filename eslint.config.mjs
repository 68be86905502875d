import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const drivers = ['better-sqlite3', 'kafkajs', 'mongodb', '@eventstore/db-client', 'express', 'pino'];
const nodeBuiltins = ['node:*', 'fs', 'path', 'child_process', 'net', 'http', 'os', 'crypto'];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'reports/**', 'bench/results/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['**/*.test.ts', '**/test/**/*.ts', 'scripts/**'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    // Response bodies in tests are whatever the server sent; asserting on them is the point.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The storefront runs in the browser.
    files: ['web-storefront/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web-storefront/e2e/**/*.ts', 'web-storefront/test/**/*.ts', 'admin-console/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.jest, ...globals.browser } },
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A domain talks to ports, never to an adapter.
    files: ['services/src/**/*.ts', 'projections/src/**/*.ts'],
    // The payment gateway's adapters (a provider's SDK, the sandbox's journal file) are adapters of the
    // gateway port, as the platform's are of its ports; the payments domain itself uses the port.
    ignores: ['services/src/main.ts', 'services/src/runtime/**', 'services/src/payments/gateway/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/platform/adapters/**', ...drivers.filter((d) => d !== 'express')],
              message: 'domains use ports, not adapters',
            },
          ],
        },
      ],
    },
  },
  {
    // Deciders and schemas are pure: no clock, no I/O, no driver (STYLE.md, emmett's lint rule). After the
    // domain rule: in a flat config the last block that sets a rule wins, so this one adds to it.
    files: [
      'schemas/src/**/*.ts',
      'services/src/**/*decider.ts',
      'services/src/**/*Decider.ts',
      'services/src/leads/contracting.ts',
      'services/src/leads/statusRules.ts',
      'services/src/leads/leadModel.ts',
      'services/src/leads/state.ts',
      'services/platform/src/core/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...[...drivers, ...nodeBuiltins].map((group) => ({ group: [group], message: 'pure module' })),
            { group: ['**/platform/adapters/**'], message: 'domains use ports, not adapters' },
          ],
        },
      ],
    },
  },
  {
    // The platform knows no domain (ARCHITECTURE.md): it imports only the schema modules it needs, never the
    // barrel of every domain, a domain's code or a read model's builder.
    files: ['services/platform/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@cubre/schemas', message: 'import the schema module you need, not every domain' }],
          patterns: [
            {
              group: ['@cubre/services', '@cubre/services/*', '@cubre/projections/*'],
              message: 'the platform imports no domain',
            },
            {
              group: ['**/services/src/**', '**/projections/src/**'],
              message: 'the platform imports no domain',
            },
          ],
        },
      ],
    },
  },
);
