/**
 * The server's layers, bottom to top, as path patterns: read by the boundary rules (.dependency-cruiser.cjs)
 * and by the module graph (scripts/module-graph.mjs). docs/architecture.md, "Layers of the server", says why.
 */
const SRC = "^apps/server/src/";

/** Modules whose index.ts belongs to the data layer: what the engine, the adapters and the edge read. */
const DATA_MODULES = ["tickets", "messages", "connections", "companies", "users", "settings", "announcements", "quick-messages"];
const DATA_FILE = `${SRC}modules/[^/]+/[^/]+\\.(repository|policy|access|list)\\.ts$`;
const DATA_INDEX = `${SRC}modules/(${DATA_MODULES.join("|")})/index\\.ts$`;
/** A module's files that drive work (use-cases, HTTP, workers): never reached from the data layer or the engine. */
const WORKFLOW_FILE = `${SRC}modules/[^/]+/[^/]+\\.(routes|service|workers|jobs|sender)\\.ts$`;

/** Bottom to top; a file may import its own layer and the layers below it. */
const LAYERS = {
  foundation: [`${SRC}lib/`, `${SRC}config\\.ts$`],
  infrastructure: [`${SRC}db/(?!seed\\.ts$)`, `${SRC}events/`, `${SRC}jobs/`, `${SRC}mail/`, `${SRC}bots/`],
  data: [DATA_FILE, DATA_INDEX],
  adapters: [`${SRC}channels/`, `${SRC}media/`],
  engine: [`${SRC}engine/`],
  features: [`${SRC}modules/`, `${SRC}plugins/`],
  edge: [`${SRC}realtime/`],
  assembly: [`${SRC}(app|platform|main)\\.ts$`, `${SRC}db/seed\\.ts$`],
};

/** The layer of a server file (the first, lowest, whose patterns match), or undefined outside the layers. */
function layerOf(file) {
  return Object.keys(LAYERS).find((layer) => LAYERS[layer].some((pattern) => new RegExp(pattern).test(file)));
}

module.exports = { SRC, DATA_MODULES, DATA_FILE, DATA_INDEX, WORKFLOW_FILE, LAYERS, layerOf };
