// Builds the dashboard (Preact + uPlot) into ui/dist; tsup.config.ts embeds those files into
// dist/gateway.mjs, so the gateway serves them itself at /ui/ and nothing comes from a CDN.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/ui/",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Every script and style is a file of this origin: the CSP allows no inline code.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    target: "es2022",
  },
});
