// ESLint: TypeScript rules, React hooks rules, and the architecture's boundaries (ARCHITECTURE.md).
// The boundaries below ARE the layering: change a rule here (and say why in ARCHITECTURE.md) rather
// than disabling it on a line.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import boundaries from 'eslint-plugin-boundaries'
import globals from 'globals'

/**
 * The rooms. The first pattern that matches a file names its element (paths from the repo root).
 * Server: entry (composition root) → modules → blocks → plugins → context → jobs/storage → db → lib →
 * config, the floors of scripts/import-graph.mjs; contracts are shared with the clients. Clients: pages → components → shared → contracts; the admin is its own app.
 */
const ELEMENTS = [
  // shared by server and clients: types and constants only
  { type: 'contracts', pattern: 'src/shared/contracts/**', mode: 'full' },
  // server: the configuration is known to every server room
  { type: 'server-config', pattern: 'server/src/config.ts', mode: 'full' },
  // the infrastructure every service receives (AppContext) and who is calling (AuthInfo)
  { type: 'server-context', pattern: 'server/src/context.ts', mode: 'full' },
  { type: 'server-migration', pattern: 'server/src/db/migrations/**', mode: 'full' },
  { type: 'server-db', pattern: 'server/src/db/**', mode: 'full' },
  { type: 'server-lib', pattern: 'server/src/lib/**', mode: 'full' },
  { type: 'server-plugin', pattern: 'server/src/plugins/**', mode: 'full' },
  { type: 'server-storage', pattern: 'server/src/storage/**', mode: 'full' },
  { type: 'server-job', pattern: 'server/src/jobs/**', mode: 'full' },
  { type: 'server-block', pattern: 'server/src/blocks/*', mode: 'folder', capture: ['block'] },
  { type: 'server-module', pattern: 'server/src/modules/*', mode: 'folder', capture: ['module'] },
  { type: 'server-entry', pattern: 'server/src/*.ts', mode: 'full' },
  // admin app (Taro H5 target of its own)
  { type: 'admin-api', pattern: 'src/admin/api/**', mode: 'full' },
  { type: 'admin', pattern: 'src/admin/**', mode: 'full' },
  // consumer app
  { type: 'shared-api', pattern: 'src/shared/api/**', mode: 'full' },
  { type: 'shared', pattern: 'src/shared/**', mode: 'full' },
  { type: 'component', pattern: 'src/components/*', mode: 'folder', capture: ['feature'] },
  { type: 'page', pattern: 'src/pages/*', mode: 'folder', capture: ['page'] },
  { type: 'app', pattern: 'src/*', mode: 'full' },
]

const to = (...types) => ({ to: { type: types } })
/** one allowed arrow between two consumer features (src/components/<from> → src/components/<target>) */
const feature = (from, target) => ({
  from: { type: 'component', captured: { feature: from } },
  allow: { to: { type: 'component', captured: { feature: target } } },
})

/** Who may import whom (default: nobody). Rules are read in order; a later rule overrides an earlier one. */
const DEPENDENCY_RULES = [
  { from: { type: 'contracts' }, allow: to('contracts') },

  // server — the entry files build the app and may wire everything
  { from: { type: 'server-entry' }, allow: to('server-entry', 'server-config', 'server-context', 'server-module', 'server-block', 'server-plugin', 'server-job', 'server-db', 'server-migration', 'server-lib', 'server-storage', 'contracts') },
  { from: { type: 'server-lib' }, allow: to('server-lib', 'contracts') },
  // migrations are frozen once landed: they import nothing of the application (and their own index)
  { from: { type: 'server-migration' }, allow: to('server-migration') },
  { from: { type: 'server-db' }, allow: to('server-db', 'server-migration', 'server-lib', 'contracts') },
  { from: { type: 'server-plugin' }, allow: to('server-plugin', 'server-db', 'server-lib', 'server-storage', 'contracts') },
  // the upload storage (local disk or S3) knows only its configuration, lib/ and itself; modules and
  // plugins (the /uploads file answers) use it, and the context carries one instance
  { from: { type: 'server-storage' }, allow: to('server-storage', 'server-lib', 'contracts') },
  { from: { type: 'server-job' }, allow: to('server-job', 'server-db', 'server-lib', 'contracts') },
  { from: { type: 'server-block' }, allow: to('server-block', 'server-plugin', 'server-db', 'server-lib', 'contracts') },
  { from: { type: 'server-module' }, allow: to('server-block', 'server-plugin', 'server-db', 'server-lib', 'server-storage', 'contracts') },
  // a module reaches another module only through its service
  { from: { type: 'server-module' }, allow: { to: { type: 'server-module', internalPath: '*.service.ts' } } },
  { from: { type: ['server-module', 'server-block', 'server-plugin', 'server-job', 'server-db', 'server-lib', 'server-storage'] }, allow: to('server-config') },
  // the context names the infrastructure below it, never a module: the services' type (Services,
  // app.services) lives in the composition root (services.ts), so importing the context imports no module
  { from: { type: 'server-context' }, allow: to('server-config', 'server-lib', 'server-db', 'server-job', 'server-storage', 'contracts') },
  { from: { type: ['server-module', 'server-block', 'server-plugin'] }, allow: to('server-context') },
  // modules enqueue work on the job queue and render what its deliveries send; the handlers that call
  // the services are wiring (job-handlers.ts, in the entry room), so jobs/ imports no module
  { from: { type: 'server-module' }, allow: to('server-job') },

  // clients
  { from: { type: ['shared', 'shared-api'] }, allow: to('shared', 'shared-api', 'contracts') },
  // features import shared code and the ui primitives; an arrow between two features is listed here, one way
  { from: { type: 'component' }, allow: to('shared', 'shared-api', 'contracts') },
  { from: { type: 'component' }, allow: { to: { type: 'component', captured: { feature: 'ui' } } } },
  // the frame mounts the overlay host; the host renders the chat and the subscription dialog, which the
  // frame opens through the overlay store (so layout and chat never import each other)
  feature('layout', 'overlays'),
  feature('overlays', 'chat'),
  feature('overlays', 'subscribe'),
  // the re-consent and WeChat privacy sheets cover every page
  feature('overlays', 'account'),
  // the enrolment section shows the activity's enrol button
  feature('enrollment', 'activity'),
  // the one cancel-enrolment confirmation lives with the ticket; "My activities" and the enrolment section ask it too
  feature('center', 'ticket'),
  feature('enrollment', 'ticket'),
  { from: { type: 'page' }, allow: to('component', 'shared', 'shared-api', 'contracts') },
  { from: { type: 'app' }, allow: to('app', 'page', 'component', 'shared', 'shared-api', 'contracts') },
  // the admin reaches the server only through its typed API layer (src/admin/api)
  { from: { type: 'admin-api' }, allow: to('admin-api', 'shared-api', 'shared', 'contracts') },
  { from: { type: 'admin' }, allow: to('admin', 'admin-api', 'shared', 'contracts') },
]

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'tests/e2e/screenshots/**', 'tests/e2e/artifacts/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    rules: {
      // `any` is allowed at the edges (JSON from the database, third-party callbacks); noImplicitAny keeps it explicit
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['server/src/**/*.ts', 'src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'boundaries/include': ['server/src/**', 'src/**'],
      'boundaries/legacy-templates': false,
      'import/resolver': { typescript: { project: './tsconfig.json' }, node: true },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', rules: DEPENDENCY_RULES }],
      'boundaries/no-unknown': 'error',
    },
  },
  // only repositories (and the db layer) build queries
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.repository.ts', 'server/src/db/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['kysely', 'better-sqlite3', 'pg'].map((name) => ({
            name,
            message: 'Only *.repository.ts files and server/src/db build queries (ARCHITECTURE.md).',
            allowTypeImports: true,
          })),
        },
      ],
    },
  },
  // every environment variable is read in server/src/config.ts
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/config.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read environment variables in server/src/config.ts only.' }],
    },
  },
  // clients talk to the server through the request client only
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/api/request.ts', 'src/admin/api/transfer.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the request client (src/shared/api/request.ts).' }, { name: 'XMLHttpRequest', message: 'Use the request client (src/shared/api/request.ts).' }],
      'no-restricted-properties': ['error', { object: 'window', property: 'fetch', message: 'Use the request client (src/shared/api/request.ts).' }],
    },
  },
  // consumer pictures go through Img: server paths become loadable in the mini-program and every picture has alt text
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/admin/**', 'src/components/ui/media.tsx', '**/__tests__/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@tarojs/components', importNames: ['Image'], message: 'Use Img from src/components/ui/media.tsx (assetUrl + alt).' }] },
      ],
    },
  },
)
