/**
 * The import rules `npm test` checks (`npm run check:imports`: dependency-cruiser over the workspaces'
 * sources, the docs site, the scripts and the end-to-end tests): the layers of the monorepo and of the host
 * app, which the compiler cannot see.
 * - A host-app feature never imports another feature: what two features share belongs in `host-app/src/lib`
 *   or `host-app/src/components` (shared → features → app).
 * - A workspace reaches another only through its package name, so only through that package's `exports`
 *   map; never by a relative path into its folder (`../../widgets/src/…`). The repository's own scripts,
 *   benchmarks and end-to-end tests (`scripts/`, `tests/`) likewise: the server through `@mashura/server` and
 *   `@mashura/server/testing`, never `packages/server/src/…`.
 * - Core imports no UI (React, Lit, r2wc, the host app, the widgets): it exposes stores and callbacks and
 *   every host reacts. The server imports neither front end; the widgets never import the host app.
 * Every rule counts type-only imports too: a type import ties the layers together just the same.
 */

/** The workspaces whose sources are checked, as path prefixes from the repository's root. */
const WORKSPACE = '(packages/[^/]+|widgets|host-app|zoom-page|docs-site|examples)'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-imports-feature',
      severity: 'error',
      comment:
        'A host-app feature imports another feature. Move what both need to host-app/src/lib (logic) or ' +
        'host-app/src/components (UI), or let the app (host-app/src/app) compose the two.',
      from: { path: '^host-app/src/features/([^/]+)/' },
      to: { path: '^host-app/src/features/', pathNot: '^host-app/src/features/$1/' },
    },
    {
      name: 'workspace-reaches-into-workspace',
      severity: 'error',
      comment:
        "A workspace imports another workspace's files by a relative path. Import it by its package name " +
        "(@mashura/…) through the entries of that package's exports map; add an entry if one is missing.",
      from: { path: `^${WORKSPACE}/` },
      to: {
        path: `^${WORKSPACE}/`,
        pathNot: '^$1/',
        // By package name the workspace symlink is followed ("aliased-workspace"): that goes through `exports`.
        dependencyTypes: ['local'],
        dependencyTypesNot: ['aliased-workspace'],
      },
    },
    {
      name: 'package-entry-missing',
      severity: 'error',
      comment:
        'An import of a workspace package that its exports map does not offer (such as @mashura/widgets/src/…): ' +
        'use one of its entries, or add the entry to its package.json.',
      from: {},
      // Vite's `?raw` (the docs site reads the events map and the palette as text) is beyond the resolver; Vite
      // resolves the entry in front of it through the same exports map, so the docs build fails on a wrong one.
      to: { couldNotResolve: true, path: '^@mashura/', pathNot: '\\?raw$' },
    },
    {
      name: 'core-imports-ui',
      severity: 'error',
      comment:
        'Core is framework-free: no React, Lit or r2wc, and nothing from the host app or the widgets. Expose a ' +
        'store or a callback and let the host react.',
      from: { path: '^packages/core/src/' },
      to: {
        path: [
          '(^|node_modules/)(react|react-dom|lit|@lit|@lit-labs|@r2wc)(/|$)',
          '(^|node_modules/)@mashura/(host-app|widgets)(/|$)',
          '^(host-app|widgets)/',
        ],
      },
    },
    {
      name: 'server-imports-front-end',
      severity: 'error',
      comment: 'The server serves the front ends as built files; it never imports their code.',
      from: { path: '^packages/server/src/' },
      to: { path: ['^(host-app|widgets)/', '(^|node_modules/)@mashura/(host-app|widgets)(/|$)'] },
    },
    {
      name: 'server-no-circular',
      severity: 'error',
      comment:
        "A cycle among the server's modules: one of them depends on itself through the others. Move what both " +
        'sides need to a third module (as db/queries/session-filters.ts is to the session and request queries), or ' +
        'pass it in as an argument.',
      from: { path: '^packages/server/src/' },
      to: { path: '^packages/server/src/', circular: true },
    },
    {
      name: 'server-config-is-a-leaf',
      severity: 'error',
      comment:
        'packages/server/src/config.ts reads the environment for every other module, so it imports none of ' +
        'them: declare the shape of a setting in config.ts and let the module that uses it import it.',
      from: { path: '^packages/server/src/config\\.ts$' },
      to: { path: '^packages/server/src/' },
    },
    {
      name: 'server-domain-imports-routes',
      severity: 'error',
      comment:
        'packages/server/src/domain/ holds rules and transactions (queries live in db/queries/: scripts/check-queries.mjs ' +
        'checks that, since dependency-cruiser sees imports, not calls); the routes call it, never the other ' +
        'way round. What shapes an answer belongs in wire/, which reads domain, not the other way.',
      from: { path: '^packages/server/src/domain/', pathNot: '\\.test\\.ts$' },
      to: { path: '^packages/server/src/(web|wire)/' },
    },
    {
      name: 'server-data-is-the-bottom',
      severity: 'error',
      comment:
        "packages/server/src/db/ reads and writes rows; it knows no rule, shape, route or adapter (but the search's " +
        'text rules). Pass what a ' +
        'query needs in as an argument, or move the rule up into domain/ (docs: architecture).',
      from: { path: '^packages/server/src/db/', pathNot: '\\.test\\.ts$' },
      to: {
        // The search's text rules (Arabic normalisation, typo variants) are plain functions the queries use.
        path: '^packages/server/src/(domain|wire|web|adapters/(?!search/))',
      },
    },
    {
      name: 'server-wire-imports-no-web',
      severity: 'error',
      comment:
        "packages/server/src/wire/ shapes rows into the API's answers for the routes, realtime and the Firebase " +
        'mirror alike: it takes plain options, never a request, and imports no route or plugin.',
      from: { path: '^packages/server/src/wire/' },
      to: { path: '^packages/server/src/web/' },
    },
    {
      name: 'server-adapters-import-no-web',
      severity: 'error',
      comment:
        'packages/server/src/adapters/ reach what lies outside (SMTP, Web Push and FCM, Firebase, Zoom, the sign-in ' +
        'provider, the disk, Redis): the web layer (web/: routes, plugins, the site) uses them, never the other ' +
        'way round. Pass what an adapter needs from a request in as an argument.',
      from: { path: '^packages/server/src/adapters/', pathNot: '\\.test\\.ts$' },
      to: { path: '^packages/server/src/web/' },
    },
    {
      name: 'widgets-import-host-app',
      severity: 'error',
      comment: 'The widgets run on partner pages too: they know nothing of the agency’s host app.',
      from: { path: '^widgets/src/' },
      to: { path: ['^host-app/', '(^|node_modules/)@mashura/host-app(/|$)'] },
    },
    {
      name: 'outside-reaches-into-workspace',
      severity: 'error',
      comment:
        "The repository's scripts, benchmarks or end-to-end tests import a workspace's files by a relative " +
        'path. Import it by its package name (@mashura/server, @mashura/server/testing, @mashura/core/testing, ' +
        '@mashura/widgets/…) through the entries of its exports map; add an entry if one is missing.',
      from: { path: '^(scripts|tests)/' },
      to: {
        path: `^${WORKSPACE}/`,
        dependencyTypes: ['local'],
        dependencyTypesNot: ['aliased-workspace'],
      },
    },
  ],
  options: {
    // Only the sources: dependencies are seen (core-imports-ui needs them) but not followed into; built
    // output and caches are not ours to check.
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: [`^${WORKSPACE}/dist(-server)?/`, '^\\.cache/'] },
    tsPreCompilationDeps: true,
    // Resolve the way Vite and TypeScript do here: package `exports` (for the TS-source entries of
    // @mashura/widgets too), explicit `.ts`/`.tsx` extensions, workspace symlinks followed to their folders.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'browser', 'node', 'default'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
