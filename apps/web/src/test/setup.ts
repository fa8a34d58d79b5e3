import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import "../lib/i18n.ts";

// findBy… and waitFor wait up to 10 s (1 s by default): what they wait for is the same, only a busy machine is slower
// (under two busy processes at load 8, a page's first render took more than 3 s).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
