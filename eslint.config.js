// ESLint flat config. Besides the usual rules it enforces the one-way dependency
// direction of docs/architecture.md: domain <- api <- web, domain <- ui <- web,
// domain <- server. A wrong arrow is a lint error.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const reactImports = ['react', 'react-dom', 'react-dom/*', 'react/*', 'react-intl', 'wouter'];
const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'http', 'url', 'child_process'];

/** Builds a no-restricted-imports rule from forbidden package patterns. */
const forbid = (patterns, why) => [
  'error',
  { patterns: patterns.map((group) => ({ group: [group], message: why })) },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'storybook-static/**',
      '.tools/**',
      'coverage/**',
      'data/**',
      '**/test-results/**',
      '.storybook/public/**',
      '.reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: [
      'packages/ui/**/*.{ts,tsx}',
      'apps/web/**/*.{ts,tsx}',
      '.storybook/**/*.{ts,tsx}',
      'packages/api/src/react/**',
    ],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': forbid(
        [...reactImports, ...nodeBuiltins, '@solar/*', 'msw', 'msw/*'],
        'packages/domain is pure TypeScript: no React, Node, I/O or other workspace packages.',
      ),
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'fetch', 'process'],
    },
  },
  {
    // Schemas take zod from internal/zod.ts, which configures it once (no eval under the CSP).
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/internal/zod.ts', 'packages/domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': forbid(
        [...reactImports, ...nodeBuiltins, '@solar/*', 'msw', 'msw/*', 'zod', 'zod/*'],
        'packages/domain is pure TypeScript; its schemas import zod from ./internal/zod.ts.',
      ),
    },
  },
  {
    files: ['packages/api/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': forbid(
        [
          '@solar/ui',
          '@solar/ui/*',
          '@solar/web',
          '@solar/web/*',
          '@solar/server',
          '@solar/server/*',
          ...nodeBuiltins.filter((n) => n !== 'node:*'),
        ],
        'packages/api may import @solar/domain only.',
      ),
    },
  },
  {
    files: ['packages/ui/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': forbid(
        [
          '@solar/api',
          '@solar/api/*',
          '@solar/web',
          '@solar/web/*',
          '@solar/server',
          '@solar/server/*',
          'wouter',
          '@tanstack/react-query',
        ],
        'packages/ui is presentational: it may import @solar/domain types only, never fetch or route.',
      ),
    },
  },
  {
    // The mock backend and test fixtures never reach a path a user runs.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/**/*.test.tsx',
      'apps/web/src/**/*.stories.tsx',
      'apps/web/src/testing/**',
    ],
    rules: {
      'no-restricted-imports': forbid(
        ['@solar/api/mock', '**/testing/*', 'msw', 'msw/*'],
        'Production web code must not import the mock backend or test fixtures.',
      ),
      // One way to fetch: a query's key and fetch come from a query-options factory of
      // packages/api/src/react/queries.ts, so caching and refreshes are shared.
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message:
            'Write no query key by hand: use a query-options factory or queryKeys from @solar/api/react.',
        },
        {
          selector: "Property[key.name='queryFn']",
          message:
            'Write no queryFn by hand: spread a query-options factory from @solar/api/react (packages/api/src/react/queries.ts).',
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        [
          '@solar/api',
          '@solar/api/*',
          '@solar/ui',
          '@solar/ui/*',
          '@solar/web',
          '@solar/web/*',
          'react',
          'react-dom',
        ],
        'apps/server may import @solar/domain only among workspace packages.',
      ),
    },
  },
);
