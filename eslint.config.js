import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const NO_DEMO = { regex: '(^|/)demo/', message: 'Runtime code does not import the demo catalogue.' };
const NO_ENGINE = {
  regex: '^@gacha/sqlite-engine/',
  message: 'Feature code never knows which engine runs it: go through db/ (db/procedures.ts, db/index.ts).',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // ARCHITECTURE.md layering: a server module reaches another only through its service.ts; runtime code never
  // imports the demo loader; a web feature never imports another (what two share goes to components/ or lib/)
  ...boundaries('apps/server/src/modules', (up) => [
    {
      regex: `^${up}[^./][^/]*/(?!service\\.ts$)`,
      message: 'A module reaches another module only through its service.ts.',
    },
    NO_DEMO,
    NO_ENGINE,
  ]),
  ...boundaries('apps/web/src/features', (up) => [
    {
      regex: `^${up}[^./]`,
      message: 'Web features do not import each other; move what two share to components/ or lib/.',
    },
  ]),
  {
    files: ['apps/server/src/*.ts', 'apps/server/src/{db,http,jobs}/**/*.ts'],
    ignores: ['apps/server/src/main.ts', '**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_DEMO] }] },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
);

/**
 * One config block per folder depth under `root` (a file in root/<feature>/, root/<feature>/<sub>/, …), each
 * forbidding the import pattern that leaves the file's own feature for a sibling's: `../x/` one level down,
 * `../../x/` two levels down and so on.
 */
function boundaries(root, patterns) {
  return [1, 2, 3].map((depth) => ({
    files: [`${root}/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: patterns('\\.\\./'.repeat(depth)) }],
    },
  }));
}
