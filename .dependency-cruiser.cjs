/**
 * The house's boundaries, checked by `npm run lint:deps` (part of `npm run lint`, so of `npm test`).
 * The layer order is written down in docs/architecture.md ("Layers of the server"); these rules keep it.
 *
 * Server layers, bottom to top (a file may import its own layer and the layers below, never above):
 *   1 foundation      lib/, config.ts
 *   2 infrastructure  db/ (not the demo seed), events/, jobs/, mail/, bots/
 *   3 data            every module's *.repository.ts, *.policy.ts, *.access.ts, *.list.ts, and the index.ts of the
 *                     data modules (DATA_MODULES): what the engine, the adapters and the edge read
 *   4 adapters        channels/, media/
 *   5 engine          engine/
 *   6 features        every other file of modules/ (services, workflows, routes), plugins/
 *   7 edge            realtime/
 *   8 assembly        app.ts, platform.ts, main.ts, db/seed.ts
 */
const { SRC, DATA_MODULES, WORKFLOW_FILE, LAYERS } = require("./scripts/layers.cjs");

const FOUNDATION = LAYERS.foundation;
const INFRASTRUCTURE = LAYERS.infrastructure;
const DATA = LAYERS.data;
const ADAPTERS = LAYERS.adapters;
const ENGINE = LAYERS.engine;
const FEATURES = LAYERS.features;
const EDGE = LAYERS.edge;
const ASSEMBLY = LAYERS.assembly;

const TESTS = "\\.test\\.tsx?$|/test/|/testing/|^apps/server/src/security/";

/** A rule that keeps `layer` (the files matching `from`, except those of its own and lower layers) off every layer above. */
function below(name, from, fromNot, above) {
  return {
    name,
    severity: "error",
    comment: `${name}: a layer imports only its own layer and the layers below it (docs/architecture.md, "Layers of the server")`,
    from: { path: from, pathNot: [TESTS, ...fromNot] },
    to: { path: above },
  };
}

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import circles, type-only imports included: each is a dependency a reader follows.",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-assembly-from-below",
      severity: "error",
      comment: "app.ts, platform.ts and main.ts assemble the server; nothing below them imports them.",
      from: { path: SRC, pathNot: [`${SRC}(app|platform|main)\\.ts$`, TESTS] },
      to: { path: `${SRC}(app|platform|main)\\.ts$` },
    },
    below("foundation-stays-below", FOUNDATION, [], [...INFRASTRUCTURE, ...DATA, ...ADAPTERS, ...ENGINE, ...FEATURES, ...EDGE, ...ASSEMBLY]),
    below("infrastructure-stays-below", INFRASTRUCTURE, [], [...DATA, ...ADAPTERS, ...ENGINE, ...FEATURES, ...EDGE, ...ASSEMBLY]),
    below("data-stays-below", DATA, [], [...ADAPTERS, ...ENGINE, WORKFLOW_FILE, `${SRC}plugins/`, ...EDGE, ...ASSEMBLY]),
    below("adapters-stay-below", ADAPTERS, [], [...ENGINE, WORKFLOW_FILE, `${SRC}plugins/`, ...EDGE, ...ASSEMBLY]),
    below("engine-stays-below-the-workflows", ENGINE, [], [`${SRC}modules/(?!(${DATA_MODULES.join("|")})/index\\.ts$)`, `${SRC}plugins/`, ...EDGE, ...ASSEMBLY]),
    below("features-stay-below-the-edge", FEATURES, [], [...EDGE, ...ASSEMBLY]),
    {
      name: "module-through-its-index",
      severity: "error",
      comment: "A module uses another module only through that module's index.ts (shared/STYLE.md, Boundaries).",
      from: { path: `${SRC}modules/([^/]+)/`, pathNot: TESTS },
      to: { path: `${SRC}modules/[^/]+/`, pathNot: [`${SRC}modules/$1/`, `${SRC}modules/[^/]+/index\\.ts$`] },
    },
    {
      name: "below-the-modules-through-an-index",
      severity: "error",
      comment: "Code outside modules/ (engine, adapters, edge) reaches a module only through its index.ts.",
      from: { path: `${SRC}(?!modules/)`, pathNot: [...ASSEMBLY, TESTS] },
      to: { path: `${SRC}modules/[^/]+/(?!index\\.ts$)` },
    },
    {
      name: "web-feature-stays-in-its-feature",
      severity: "error",
      comment: "In the web app a feature never imports another feature; pages (app/routes) compose them.",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/[^/]+/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "web-shared-code-stays-below-features",
      severity: "error",
      comment: "Shared components and lib/ never import a feature or a page.",
      from: { path: "^apps/web/src/(components|lib)/", pathNot: TESTS },
      to: { path: "^apps/web/src/(features|app)/" },
    },
    {
      name: "web-feature-stays-below-pages",
      severity: "error",
      comment: "A feature never imports a page or the app shell (test renderers excepted).",
      from: { path: "^apps/web/src/features/", pathNot: TESTS },
      to: { path: "^apps/web/src/app/" },
    },
    {
      name: "shared-package-stands-alone",
      severity: "error",
      comment: "packages/shared is used by both apps and imports neither.",
      from: { path: "^packages/shared/src/" },
      to: { path: "^apps/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules|/dist/|apps/server/src/db/migrations/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
    reporterOptions: {
      dot: {
        collapsePattern: "^apps/server/src/(modules/[^/]+|[^/]+)/|^apps/web/src/(features/[^/]+|[^/]+)/|^packages/shared/src/",
      },
    },
  },
};
