// Type-checks every TypeScript project of the repository, as many at a time as the machine has cores
// (each `tsc` runs on one), printing each project's errors together. Exits non-zero when any project fails.
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PROJECTS = ["packages/shared", "apps/server", "apps/web", "e2e", "bench"];
const TSC = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");

/** Runs `tsc --noEmit` on one project; answers its exit code and what it printed. */
function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSC, "-p", project, "--noEmit"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ project, code: code ?? 1, output }));
  });
}

const queue = [...PROJECTS];
const results = [];
const lanes = Array.from({ length: Math.min(PROJECTS.length, Math.max(1, os.availableParallelism())) }, async () => {
  for (let project = queue.shift(); project; project = queue.shift()) results.push(await check(project));
});
await Promise.all(lanes);

let failed = 0;
for (const { project, code, output } of results.sort((a, b) => PROJECTS.indexOf(a.project) - PROJECTS.indexOf(b.project))) {
  if (code === 0) continue;
  failed += 1;
  process.stderr.write(`typecheck: ${project} failed\n${output}`);
}
process.exitCode = failed === 0 ? 0 : 1;
