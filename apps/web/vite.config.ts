import type { IncomingMessage } from "node:http";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";

const apiTarget = "http://localhost:8080";
const apiPaths = ["/auth", "/version", "/companies", "/settings", "/whatsapp", "/whatsappsession", "/queue", "/health", "/simulator", "/tickets", "/messages", "/media", "/contacts", "/users", "/tags", "/ticket-notes", "/distribution-logs", "/quick-messages"];

/** Browser navigations (Accept: text/html) stay with the SPA, as the production server does. */
function keepPageNavigations(req: IncomingMessage): string | undefined {
  return req.headers.accept?.includes("text/html") ? req.url : undefined;
}

const apiProxy: ProxyOptions = { target: apiTarget, changeOrigin: true, bypass: keepPageNavigations };

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      ...Object.fromEntries(apiPaths.map((path) => [path, apiProxy])),
      "/socket.io": { target: apiTarget, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: "mui", test: /node_modules[\\/](@mui|@emotion)[\\/]/ },
            // The MP3 encoder loads only when someone records audio.
            { name: "mp3-encoder", test: /node_modules[\\/]@breezystack[\\/]lamejs[\\/]/, priority: 1 },
            // The emoji picker's data, one chunk per language, loads when the picker first opens.
            { name: "emoji-pt", test: /node_modules[\\/]emojibase-data[\\/]pt[\\/]/, priority: 1 },
            { name: "emoji-en", test: /node_modules[\\/]emojibase-data[\\/]en[\\/]/, priority: 1 },
            { name: "emoji-es", test: /node_modules[\\/]emojibase-data[\\/]es[\\/]/, priority: 1 },
            { name: "vendor", test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
