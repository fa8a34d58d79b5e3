// Bundles the server into dist/main.js (workspace packages inlined, npm packages external) and copies the migrations beside it.
import { build } from "esbuild";
import { cpSync, rmSync } from "node:fs";

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: ["src/main.ts"],
  outfile: "dist/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  packages: "external",
  alias: { "@conversa/shared": "../../packages/shared/src/index.ts" },
  logLevel: "warning",
});
cpSync("src/db/migrations", "dist/migrations", { recursive: true });
