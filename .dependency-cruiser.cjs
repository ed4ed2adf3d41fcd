// Import boundaries (issue 7 s.1) and no import cycles (issue 16), checked by `npm run lint:boundaries` and the
// lint tier of `npm test`.
//   web:  contract -> lib -> components -> features -> app   (an arrow: "may be imported by")
//   api:  lib, plugins and db never import modules; modules meet only through their index.ts;
//         app.ts (the composition root) registers each module's *.routes.ts.
// Paths are matched with an optional prefix so scripts/check-boundaries.mjs can prove every rule on a
// fixture tree (scripts/boundaries-fixture) that copies these paths.
const P = '(?:^|/)';
const TEST = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycles, type-only ones included (tsPreCompilationDeps below): what two files share belongs in a ' +
        'file both import (api: lib/, e.g. lib/services.ts for the decorators types.ts declares).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-no-app',
      comment: 'packages/contract is the root both sides import: it imports neither app.',
      severity: 'error',
      from: { path: `${P}packages/contract/` },
      to: { path: `${P}apps/` },
    },
    {
      name: 'apps-apart',
      comment: 'The web and the API share code only through @console/contract.',
      severity: 'error',
      from: { path: `${P}apps/(web|api)/` },
      to: { path: `${P}apps/`, pathNot: `${P}apps/$1/` },
    },
    {
      name: 'contract-through-its-entry',
      comment: 'Import @console/contract, not files inside it.',
      severity: 'error',
      from: { path: `${P}(apps|e2e|scripts)/` },
      to: { path: `${P}packages/contract/`, pathNot: `${P}packages/contract/src/index\\.ts$` },
    },
    {
      name: 'web-lib-is-the-bottom',
      comment: 'apps/web lib/ is used by components, features and app; it imports none of them.',
      severity: 'error',
      from: { path: `${P}apps/web/src/lib/` },
      to: { path: `${P}apps/web/src/(components|features|app)/` },
    },
    {
      name: 'web-components-below-features',
      comment: 'Shared components know no feature and no app wiring.',
      severity: 'error',
      from: { path: `${P}apps/web/src/components/` },
      to: { path: `${P}apps/web/src/(features|app)/` },
    },
    {
      name: 'web-features-below-app',
      comment: 'A feature is mounted by app/; it does not import app/.',
      severity: 'error',
      from: { path: `${P}apps/web/src/features/` },
      to: { path: `${P}apps/web/src/app/` },
    },
    {
      name: 'web-no-feature-imports-another',
      comment: 'Features are independent; what two share belongs in components/ or lib/.',
      severity: 'error',
      from: { path: `${P}apps/web/src/features/([^/]+)/` },
      to: { path: `${P}apps/web/src/features/`, pathNot: `${P}apps/web/src/features/$1/` },
    },
    {
      name: 'api-lib-plugins-db-import-no-module',
      comment: 'lib/, plugins/ and db/ sit under the modules: move what they need into lib/ or invert the dependency.',
      severity: 'error',
      from: { path: `${P}apps/api/src/(lib|plugins|db)/` },
      to: { path: `${P}apps/api/src/modules/` },
    },
    {
      name: 'api-modules-meet-through-index',
      comment: "Another module's files are private: import its index.ts. (Tests may also use its testing helpers.)",
      severity: 'error',
      from: { path: `${P}apps/api/src/modules/([^/]+)/`, pathNot: TEST },
      to: { path: `${P}apps/api/src/modules/`, pathNot: `${P}apps/api/src/modules/($1/|[^/]+/index\\.ts$)` },
    },
    {
      name: 'api-outside-reaches-modules-through-index',
      comment: 'Outside modules/, only app.ts registers *.routes.ts; everything else imports a module index.ts.',
      severity: 'error',
      from: { path: `${P}apps/api/src/`, pathNot: [`${P}apps/api/src/(modules/|app\\.ts$)`, TEST] },
      to: { path: `${P}apps/api/src/modules/`, pathNot: `${P}apps/api/src/modules/[^/]+/index\\.ts$` },
    },
    {
      name: 'api-module-tests-reach-others-through-index-or-testing',
      comment: "A module's test may import another module's index.ts or its testing helpers (testing.ts, *.testing.ts).",
      severity: 'error',
      from: { path: [`${P}apps/api/src/modules/([^/]+)/`], pathNot: '\\.ts$(?<!\\.test\\.ts)' },
      to: {
        path: `${P}apps/api/src/modules/`,
        pathNot: `${P}apps/api/src/modules/($1/|[^/]+/index\\.ts$|[^/]+/testing\\.ts$|[^/]+/[^/]+\\.testing\\.ts$)`,
      },
    },
    {
      name: 'api-other-tests-reach-modules-through-index-or-testing',
      comment: 'Tests outside modules/ may import a module index.ts or its testing helpers.',
      severity: 'error',
      from: { path: `${P}apps/api/src/[^/]+\\.test\\.ts$|${P}apps/api/src/(lib|plugins|db|test)/` },
      to: {
        path: `${P}apps/api/src/modules/`,
        pathNot: `${P}apps/api/src/modules/[^/]+/(index|testing)\\.ts$|${P}apps/api/src/modules/[^/]+/[^/]+\\.testing\\.ts$`,
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Type-only imports are imports too: a type pulled from a module's internals couples as much as a value.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    // Re-runs only re-read changed files.
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
