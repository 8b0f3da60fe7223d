// Lint set-up for an Astro + React + TypeScript project (flat config).
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-*/',
      '.astro/',
      'node_modules/',
      'data/',
      'test-results/',
      'playwright-report/',
      'bench/out/',
      'db/migrations/',
      'examples/generated/',
    ],
  },
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  // The rules of hooks and complete effect dependencies for every island and hook. The plugin's
  // React Compiler rules (refs, set-state-in-effect) are left off: the islands are not compiled.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Only api/config.ts reads process.env (STYLE.md): everything else takes a Config.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through api/config.ts (loadConfig).' },
      ],
    },
  },
  {
    files: [
      'api/config.ts',
      'scripts/test-all.ts',
      'scripts/test-timings.ts',
      'bench/**',
      'examples/**',
      'tests/**',
      'playwright.config.ts',
      'vitest.config.ts',
      'astro.config.mjs',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  // Server code awaits every query (both engines); a promise left floating is a lost write.
  {
    files: ['api/**/*.ts', 'db/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['db/migrations*/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  // The synchronous SQLite calls exist only in the SQLite adapter (db/sqlite.ts).
  {
    files: ['api/**/*.ts', 'src/content/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[arguments.length=0] > MemberExpression.callee[object.name!='root'] > Identifier.property[name=/^(get|all|run)$/]",
          message: 'Await the query instead: .get(), .all() and .run() are SQLite-only (db/client.ts).',
        },
      ],
    },
  },
);
