import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TARGETS, buildTargets } from "./build.mjs";

/** A checkout with one source file per target; the fake build writes the target's output file. */
function makeCheckout() {
  const root = mkdtempSync(path.join(os.tmpdir(), "conversa-build-"));
  const write = (relative, text) => {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), text);
  };
  write("apps/web/src/main.tsx", "web 1");
  write("apps/server/src/main.ts", "server 1");
  write("packages/shared/src/index.ts", "shared 1");
  write("package-lock.json", "{}");
  const runs = [];
  let clock = 1_000_000;
  const run = (target) => {
    runs.push(target.name);
    write(target.output, `built ${runs.length}`);
    // Each build leaves an output with its own time, as a real build would.
    clock += 1000;
    utimesSync(path.join(root, target.output), clock / 1000, clock / 1000);
  };
  return { root, write, runs, run };
}

describe("scripts/build.mjs", () => {
  let checkout;
  beforeEach(() => {
    checkout = makeCheckout();
  });
  afterEach(() => {
    rmSync(checkout.root, { recursive: true, force: true });
  });

  it("builds both targets on a clean checkout even with --if-changed", () => {
    expect(buildTargets(checkout.root, { onlyIfChanged: true, run: checkout.run })).toEqual(["web", "server"]);
  });

  it("builds nothing on a second start when no source changed", () => {
    buildTargets(checkout.root, { onlyIfChanged: true, run: checkout.run });
    expect(buildTargets(checkout.root, { onlyIfChanged: true, run: checkout.run })).toEqual([]);
  });

  it("rebuilds only the web app when a web source changed", () => {
    buildTargets(checkout.root, { onlyIfChanged: true, run: checkout.run });
    checkout.write("apps/web/src/main.tsx", "web 2");
    expect(buildTargets(checkout.root, { onlyIfChanged: true, run: checkout.run })).toEqual(["web"]);
  });

  it("rebuilds only the server when a server source is added", () => {
    buildTargets(checkout.root, { onlyIfChanged: true, run: checkout.run });
    checkout.write("apps/server/src/new-module.ts", "new");
    expect(buildTargets(checkout.root, { onlyIfChanged: true, run: checkout.run })).toEqual(["server"]);
  });

  it("rebuilds both when the shared package or the lockfile changed", () => {
    buildTargets(checkout.root, { onlyIfChanged: true, run: checkout.run });
    checkout.write("packages/shared/src/index.ts", "shared 2");
    expect(buildTargets(checkout.root, { onlyIfChanged: true, run: checkout.run })).toEqual(["web", "server"]);
    checkout.write("package-lock.json", '{"changed":true}');
    expect(buildTargets(checkout.root, { onlyIfChanged: true, run: checkout.run })).toEqual(["web", "server"]);
  });

  it("rebuilds a target whose output was deleted", () => {
    buildTargets(checkout.root, { onlyIfChanged: true, run: checkout.run });
    rmSync(path.join(checkout.root, TARGETS[1].output));
    expect(buildTargets(checkout.root, { onlyIfChanged: true, run: checkout.run })).toEqual(["server"]);
  });

  it("rebuilds a target whose output was rebuilt since by another command", () => {
    buildTargets(checkout.root, { onlyIfChanged: true, run: checkout.run });
    utimesSync(path.join(checkout.root, TARGETS[0].output), 5_000, 5_000);
    expect(buildTargets(checkout.root, { onlyIfChanged: true, run: checkout.run })).toEqual(["web"]);
  });

  it("always builds both without --if-changed", () => {
    buildTargets(checkout.root, { onlyIfChanged: true, run: checkout.run });
    expect(buildTargets(checkout.root, { onlyIfChanged: false, run: checkout.run })).toEqual(["web", "server"]);
  });
});
