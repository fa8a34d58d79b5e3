/**
 * Draws the server's house: one box per module and per top-level folder, one column per layer from the
 * foundation (left) to the assembly (right), with an arrow for every import from one box to another (the number of imports on it).
 * A data module (scripts/layers.cjs) has two boxes: its data files (repositories, policies, access rules,
 * its index.ts) in the data layer, and the rest (services, routes, workers) with the features.
 * Not drawn, to keep the picture readable: imports of the foundation (lib/, config.ts) and of db/, which
 * every layer uses, and the assembly's imports (app.ts, platform.ts and main.ts put everything together).
 *
 *   node scripts/module-graph.mjs > docs/module-graph.dot   (the DOT text)
 *   npm run graph                                           (docs/module-graph.svg, with Graphviz's dot)
 */
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const { DATA_MODULES, LAYERS, layerOf } = require("./layers.cjs");

const SERVER = "apps/server/src/";
const TESTS = /\.test\.ts$|\/test\/|^apps\/server\/src\/security\//;

const depcruise = fileURLToPath(new URL("../node_modules/.bin/depcruise", import.meta.url));
/** depcruise's JSON: it exits non-zero while rules are broken, and the graph is drawn all the same. */
function cruise() {
  const options = { encoding: "utf8", maxBuffer: 256 * 1024 * 1024, stdio: ["ignore", "pipe", "inherit"] };
  try {
    return execFileSync(depcruise, ["-c", ".dependency-cruiser.cjs", "-T", "json", SERVER], options);
  } catch (error) {
    if (typeof error?.stdout === "string" && error.stdout.startsWith("{")) return error.stdout;
    throw error;
  }
}
const { modules } = JSON.parse(cruise());

/** The box a file is drawn in: modules/<name> (with "·data" for a data file), or its top-level folder or file. */
function boxOf(file) {
  const parts = file.slice(SERVER.length).split("/");
  if (parts[0] === "modules") return DATA_MODULES.includes(parts[1]) && layerOf(file) === "data" ? `${parts[1]} (data)` : parts[1];
  return parts.length > 1 ? `${parts[0]}/` : parts[0];
}

const UNDRAWN_TARGETS = new Set(["lib/", "config.ts", "db/"]);
const isServerSource = (file) => file.startsWith(SERVER) && !TESTS.test(file) && !file.includes("/db/migrations/");
const layerOfBox = new Map();
const edges = new Map();
for (const module of modules) {
  if (!isServerSource(module.source)) continue;
  const from = boxOf(module.source);
  const layer = layerOf(module.source);
  // A folder spanning two layers (modules/x) is drawn in the higher one, except its data box.
  if (layer && Object.keys(LAYERS).indexOf(layer) > Object.keys(LAYERS).indexOf(layerOfBox.get(from) ?? "foundation")) layerOfBox.set(from, layer);
  if (!layerOfBox.has(from) && layer) layerOfBox.set(from, layer);
  for (const dependency of module.dependencies) {
    if (!isServerSource(dependency.resolved)) continue;
    const to = boxOf(dependency.resolved);
    if (to === from || UNDRAWN_TARGETS.has(to) || layer === "assembly") continue;
    const key = `${from}\u0000${to}`;
    edges.set(key, (edges.get(key) ?? 0) + 1);
  }
}

const quote = (text) => JSON.stringify(text);
const colours = { foundation: "#eeeeee", infrastructure: "#dde8f7", data: "#dff3e3", adapters: "#fdf0d5", engine: "#f9d9d5", features: "#ffffcc", edge: "#e8def7", assembly: "#ffffff" };
const lines = [
  "digraph house {",
  '  rankdir="LR" nodesep="0.08" ranksep="1.2" fontname="Helvetica" fontsize="11"',
  '  node [shape="box" style="rounded,filled" fontname="Helvetica" fontsize="9" height="0.2"]',
  '  edge [color="#00000040" arrowsize="0.5" fontname="Helvetica" fontsize="7" fontcolor="#00000080"]',
];
// One column per layer (rank=same), headed by the layer's name, foundation on the left.
for (const [position, layer] of Object.keys(LAYERS).entries()) {
  const boxes = [...layerOfBox].filter(([, l]) => l === layer).map(([box]) => box).sort();
  if (boxes.length === 0) continue;
  lines.push(`  { rank="same" ${quote(`layer:${layer}`)} [shape="plaintext" style="" fontsize="12" label=${quote(`${position + 1} ${layer}`)}]`);
  for (const box of boxes) lines.push(`    ${quote(box)} [fillcolor=${quote(colours[layer])}]`);
  lines.push("  }");
}
// An invisible spine through the layers keeps them stacked in their order.
const drawn = Object.keys(LAYERS).filter((layer) => [...layerOfBox.values()].includes(layer));
for (let i = 1; i < drawn.length; i++) lines.push(`  ${quote(`layer:${drawn[i - 1]}`)} -> ${quote(`layer:${drawn[i]}`)} [style="invis" weight="100"]`);
for (const [key, count] of [...edges].sort(([a], [b]) => a.localeCompare(b))) {
  const [from, to] = key.split("\u0000");
  // Drawn from the imported box up to the importer (arrowhead at the imported one), so lower layers sit lower.
  lines.push(`  ${quote(to)} -> ${quote(from)} [dir="back" penwidth=${Math.min(1 + Math.log2(count), 4).toFixed(1)} tooltip=${quote(`${from} → ${to}: ${count} import${count === 1 ? "" : "s"}`)}]`);
}
lines.push("}");
process.stdout.write(`${lines.join("\n")}\n`);
