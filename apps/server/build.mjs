// Bundles the server into dist/main.js (workspace packages inlined, npm packages external) and copies the migrations beside it.
// Worker threads are entry points of their own, emitted beside main.js (the server starts them by their path there).
import { build } from "esbuild";
import { cpSync, rmSync } from "node:fs";

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: { main: "src/main.ts", "contacts-import.worker": "src/modules/contacts/contacts-import.worker.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  sourcemap: true,
  // Modules imported on demand (the Baileys driver) become chunks of their own, loaded only when asked for.
  splitting: true,
  packages: "external",
  alias: { "@conversa/shared": "../../packages/shared/src/index.ts" },
  logLevel: "warning",
});
cpSync("src/db/migrations", "dist/migrations", { recursive: true });
