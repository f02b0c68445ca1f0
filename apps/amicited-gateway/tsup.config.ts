import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "tsup";
import { appBundle } from "../../tooling/tsup.base.ts";

// The dashboard's built files (vite build, ui/dist), embedded as __AMICITED_UI__ so the one
// bundle serves /ui/ with no file beside it (src/server/ui/assets.ts).
const UI_DIST = path.join(import.meta.dirname, "ui", "dist");
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};

function embeddedUi(): Record<string, { type: string; body: string }> {
  if (!fs.existsSync(path.join(UI_DIST, "index.html")))
    throw new Error(`${UI_DIST}/index.html is missing: the build runs vite build --config ui/vite.config.ts first`);
  const files: Record<string, { type: string; body: string }> = {};
  for (const name of fs.readdirSync(UI_DIST, { recursive: true, encoding: "utf8" })) {
    const file = path.join(UI_DIST, name);
    if (!fs.statSync(file).isFile()) continue;
    const type = TYPES[path.extname(name)];
    if (type === undefined) throw new Error(`ui/dist/${name}: no content type for ${path.extname(name)}; add it to tsup.config.ts`);
    files[name.split(path.sep).join("/")] = { type, body: fs.readFileSync(file).toString("base64") };
  }
  return files;
}

// SQLite is node:sqlite (built in) or, before Node 22.16, better-sqlite3 (native) through the optional
// @foundry-mcp/sqlite-node20: they stay external and load from this app's node_modules.
// Split: what a dynamic import reaches becomes a chunk of its own (dist/chunks/) that loads only
// when imported. In one file, the modules behind server-kit's lazy import of the SDK's Streamable
// HTTP server transport (@hono/node-server) had their `import … from "http2"` hoisted to the top
// of the bundle, so `serve --stdio` loaded http2 (and tls, perf_hooks under it) at every start
// (decision 0029). dist/ still runs with no node_modules but the externals above.
export default defineConfig({
  ...appBundle({ gateway: "src/main.ts" }, ["better-sqlite3", "better-sqlite3-node20", "@foundry-mcp/sqlite-node20"]),
  splitting: true,
  esbuildOptions(options) {
    options.chunkNames = "chunks/[name]-[hash]";
  },
  define: { __AMICITED_UI__: JSON.stringify(embeddedUi()) },
});
