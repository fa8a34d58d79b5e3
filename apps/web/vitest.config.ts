import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    name: "web",
    root: import.meta.dirname,
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    css: false,
    include: ["src/**/*.test.{ts,tsx}"],
    restoreMocks: true,
    // The web tests share two cores with the server tests: give a rendering test room on a busy machine (a limit
    // only says how long a failing test takes to fail).
    testTimeout: 120_000,
    unstubGlobals: true,
  },
});
