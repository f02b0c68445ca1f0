// The dashboard's web app, built by Vite (ui/) and embedded into dist/gateway.mjs at bundle time
// (tsup.config.ts defines __AMICITED_UI__ from ui/dist), so `node dist/gateway.mjs serve` needs no
// other file and the page loads nothing from any other origin. Hashed assets are cached for good;
// the page itself never, so a new gateway serves its new app at once.
import type http from "node:http";
import { UI_SECURITY_HEADERS } from "./guard";

interface EmbeddedFile {
  type: string;
  /** The file's bytes, base64. */
  body: string;
}

declare const __AMICITED_UI__: Record<string, EmbeddedFile> | undefined;

const embedded: Record<string, EmbeddedFile> = typeof __AMICITED_UI__ === "undefined" ? {} : __AMICITED_UI__;
const decoded = new Map<string, Buffer>();

/** True when this bundle carries the web app (a source run in tests may not). */
export const UI_EMBEDDED = "index.html" in embedded;

/** Answers a static file of the app: `/ui/` is index.html, `/ui/assets/…` the built files. */
export function sendAsset(res: http.ServerResponse, pathname: string): boolean {
  const name = pathname === "/ui/" ? "index.html" : pathname.slice("/ui/".length);
  const file = Object.hasOwn(embedded, name) ? embedded[name] : undefined;
  if (file === undefined) return false;
  let body = decoded.get(name);
  if (body === undefined) decoded.set(name, (body = Buffer.from(file.body, "base64")));
  res.writeHead(200, {
    ...UI_SECURITY_HEADERS,
    "content-type": file.type,
    "content-length": String(body.length),
    "cache-control": name === "index.html" ? "no-cache" : "public, max-age=31536000, immutable",
  });
  res.end(body);
  return true;
}

/** The path of the dashboard's built stylesheet, for pages served outside /ui (the OAuth consent page). */
export function stylesheetPath(): string | undefined {
  const name = Object.keys(embedded).find((file) => file.endsWith(".css"));
  return name === undefined ? undefined : `/ui/${name}`;
}
