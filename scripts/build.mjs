// Builds the web app and the server. `node scripts/build.mjs` always builds both; with `--if-changed` (what `npm start`
// runs) a target is built only when the hash of its sources differs from the stamp its last build wrote, or when its
// output is missing or was rebuilt by something else since.
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const SHARED_INPUTS = ["packages/shared/src", "packages/shared/package.json", "package-lock.json"];

/** What each build reads (files or folders, relative to the root) and the file whose presence proves its output. */
export const TARGETS = [
  {
    name: "web",
    workspace: "apps/web",
    inputs: ["apps/web/src", "apps/web/public", "apps/web/index.html", "apps/web/vite.config.ts", "apps/web/package.json", "apps/web/tsconfig.json", ...SHARED_INPUTS],
    output: "apps/web/dist/index.html",
  },
  {
    name: "server",
    workspace: "apps/server",
    inputs: ["apps/server/src", "apps/server/build.mjs", "apps/server/package.json", ...SHARED_INPUTS],
    output: "apps/server/dist/main.js",
  },
];

/** Every file under the given paths, as sorted paths relative to root (missing paths are skipped). */
function listFiles(root, inputs) {
  const files = [];
  const walk = (relative) => {
    const absolute = path.join(root, relative);
    if (!existsSync(absolute)) return;
    if (statSync(absolute).isDirectory()) {
      for (const entry of readdirSync(absolute)) walk(path.posix.join(relative, entry));
    } else {
      files.push(relative);
    }
  };
  for (const input of inputs) walk(input);
  return [...new Set(files)].sort();
}

/** A hash of the names and contents of every file a target reads. */
export function hashInputs(root, inputs) {
  const hash = createHash("sha256");
  for (const file of listFiles(root, inputs)) {
    hash.update(file).update("\0").update(readFileSync(path.join(root, file))).update("\0");
  }
  return hash.digest("hex");
}

function stampPath(root, target) {
  return path.join(root, "node_modules", ".cache", "conversa-build", `${target.name}.json`);
}

function readStamp(root, target) {
  try {
    const stamp = JSON.parse(readFileSync(stampPath(root, target), "utf8"));
    return typeof stamp.hash === "string" && typeof stamp.outputMtimeMs === "number" ? stamp : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the target's output exists and was built by the last stamped build from the sources as they are now. */
export function isBuildCurrent(root, target) {
  const output = path.join(root, target.output);
  const stamp = readStamp(root, target);
  if (!stamp || !existsSync(output)) return false;
  return statSync(output).mtimeMs === stamp.outputMtimeMs && stamp.hash === hashInputs(root, target.inputs);
}

/** Records that the target's current output was built from `hash` (computed before the build started). */
export function writeStamp(root, target, hash) {
  const file = stampPath(root, target);
  mkdirSync(path.dirname(file), { recursive: true });
  const outputMtimeMs = statSync(path.join(root, target.output)).mtimeMs;
  writeFileSync(file, JSON.stringify({ hash, outputMtimeMs }));
}

/** Builds the targets (all, or with onlyIfChanged those whose sources changed); returns the names built. */
export function buildTargets(root, { onlyIfChanged, run }) {
  const built = [];
  for (const target of TARGETS) {
    if (onlyIfChanged && isBuildCurrent(root, target)) {
      console.log(`${target.name}: up to date, not rebuilt`);
      continue;
    }
    // Hashed before building: a source edited during the build leaves a stamp that no longer matches.
    const hash = hashInputs(root, target.inputs);
    run(target);
    writeStamp(root, target, hash);
    built.push(target.name);
  }
  return built;
}

function runNpmBuild(target) {
  const result = spawnSync("npm", ["run", "build", "-w", target.workspace], { cwd: ROOT, stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildTargets(ROOT, { onlyIfChanged: process.argv.includes("--if-changed"), run: runNpmBuild });
}
