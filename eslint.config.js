import { readFileSync } from 'node:fs';
import { URL } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const NO_DEMO = {
  regex: '(^|/)demo/',
  message: 'Runtime code does not import the demo catalogue (docs/ARCHITECTURE.md, Layout).',
};
const NO_ENGINE = {
  regex: '^@gacha/sqlite-engine/',
  message:
    'Feature code never knows which engine runs it: go through db/ (db/procedures.ts, db/index.ts; docs/ARCHITECTURE.md, Performance).',
};

/** Every table of the server's schema → the one folder that writes it (apps/server/src/db/table-owners.json). */
const TABLE_OWNERS = JSON.parse(
  readFileSync(new URL('./apps/server/src/db/table-owners.json', import.meta.url), 'utf8'),
);

/** The Kysely calls that write a table. */
const WRITES = 'insertInto|updateTable|deleteFrom|replaceInto|mergeInto';

/** The folder of an owner named in table-owners.json: the http layer, or a module. */
const ownerFolder = (owner) =>
  owner === 'http' ? 'apps/server/src/http' : `apps/server/src/modules/${owner}`;

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-prerender/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // docs/ARCHITECTURE.md layering: a server module reaches another only through its service.ts (and the console
  // through a module's staff.ts, its staff rules); runtime code never
  // imports the demo loader; a web feature never imports another (what two share goes to components/ or lib/)
  ...boundaries('apps/server/src/modules', (up) => [
    {
      regex: `^${up}[^./][^/]*/(?!(service|staff)\\.ts$)`,
      message:
        'A module reaches another module only through its service.ts, or its staff.ts for staff rules (docs/ARCHITECTURE.md, Layout).',
    },
    NO_DEMO,
    NO_ENGINE,
  ]),
  ...boundaries('apps/web/src/features', (up) => [
    {
      regex: `^${up}[^./]`,
      message:
        'Web features do not import each other; move what two share to components/ or lib/ (docs/ARCHITECTURE.md, Layout).',
    },
  ]),
  ...boundaries('apps/admin/src/features', (up) => [
    {
      regex: `^${up}[^./]`,
      message:
        'Console features do not import each other; move what two share to components/ or lib/ (docs/ARCHITECTURE.md).',
    },
  ]),
  // one owner per table: only the owner's folder inserts into, updates or deletes from a table
  ...tableOwnership(TABLE_OWNERS),
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

/**
 * `no-restricted-syntax` selectors refusing a Kysely write (`insertInto`, `updateTable`, `deleteFrom`, …) or a raw
 * `sql` INSERT/UPDATE/DELETE on each of `tables`, with a message naming the table's owner; and any write whose
 * table is not a string literal (its owner could not be checked).
 */
function writesRefused(tables, owners) {
  return [
    {
      selector: `CallExpression[callee.property.name=/^(${WRITES})$/]:not([arguments.0.type='Literal'])`,
      message: 'Name the table of a write with a string literal, so that its owner can be checked.',
    },
    ...tables.flatMap((table) => {
      const owner = owners[table];
      const message =
        `The ${table} table is written only by its owner, ${owner === 'http' ? 'the http layer' : `the ${owner} module`} ` +
        '(apps/server/src/db/table-owners.json; docs/ARCHITECTURE.md, Database rules): call its service.ts.';
      return [
        {
          selector: `CallExpression[callee.property.name=/^(${WRITES})$/][arguments.0.value=/^${table}(\\s+as\\s+\\w+)?$/]`,
          message,
        },
        {
          selector: `TaggedTemplateExpression[tag.name='sql'] TemplateElement[value.raw=/\\b(insert\\s+into|update|delete\\s+from)\\s+"?${table}\\b/i]`,
          message,
        },
      ];
    }),
  ];
}

/**
 * One table owner per table (docs/ARCHITECTURE.md): a write on a table from anywhere but its owner's folder
 * is an error. A block for all server code refuses every table (the composition root, jobs, the demo loader,
 * scripts own none), then one block per owner folder refuses all tables but its own. Flat-config blocks for the
 * same files replace each other's settings of a rule, so each owner's block comes after the general one and
 * lists everything that folder may not write; no other block sets `no-restricted-syntax` on server code.
 * Migrations and tests are left out (they build and arrange any table), and so is the PostgreSQL purchase function,
 * whose SQL repeats its owners' writes (apps/server/test/table-owners.test.ts checks it against FUNCTION_WRITES).
 */
function tableOwnership(owners) {
  const tables = Object.keys(owners);
  const ignores = [
    'apps/server/src/db/migrations/**',
    'apps/server/src/db/pg-purchase-function.ts',
    '**/*.test.ts',
  ];
  return [
    {
      files: ['apps/server/src/**/*.ts', 'apps/server/scripts/**/*.ts'],
      ignores,
      rules: { 'no-restricted-syntax': ['error', ...writesRefused(tables, owners)] },
    },
    ...[...new Set(Object.values(owners))].map((owner) => ({
      files: [`${ownerFolder(owner)}/**/*.ts`],
      ignores,
      rules: {
        'no-restricted-syntax': [
          'error',
          ...writesRefused(
            tables.filter((t) => owners[t] !== owner),
            owners,
          ),
        ],
      },
    })),
  ];
}
