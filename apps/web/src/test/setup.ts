import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import "../lib/i18n.ts";

// findBy… and waitFor wait up to 3 s (1 s by default): what they wait for is the same, only a busy machine is slower.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
