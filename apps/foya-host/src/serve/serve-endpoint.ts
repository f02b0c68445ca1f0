// Where a running `foya serve --http` can be found, and the token it takes: the bearer token in
// `$FOYA_HOME/serve-token` (generated once, 0600, unless --token or FOYA_SERVE_TOKEN gives one)
// and `$FOYA_HOME/serve.json` ({ url, pid }, 0600) while it listens, removed when it stops.
// `foya status` reads both. Both files are written atomically.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "@foundry-mcp/core/node";

const TOKEN_FILE = "serve-token";
const ENDPOINT_FILE = "serve.json";
const PRIVATE = 0o600;

/** What serve.json holds. */
export interface ServeEndpoint {
  url: string;
  pid: number;
}

function readIfThere(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** The token given (option, then FOYA_SERVE_TOKEN), else the stored one, else a new stored one. */
export async function serveToken(home: string, given: string | undefined): Promise<string> {
  const explicit = given ?? process.env.FOYA_SERVE_TOKEN;
  if (explicit) return explicit;
  const file = path.join(home, TOKEN_FILE);
  const stored = readIfThere(file);
  if (stored) return stored;
  const token = randomBytes(32).toString("base64url");
  fs.mkdirSync(home, { recursive: true });
  await writeFileAtomic(file, `${token}\n`, { mode: PRIVATE });
  return token;
}

/** The token `foya status` sends: FOYA_SERVE_TOKEN, else the stored one. */
export function storedServeToken(home: string): string | undefined {
  return process.env.FOYA_SERVE_TOKEN || readIfThere(path.join(home, TOKEN_FILE));
}

/** Records the listening endpoint; returns the function that removes it (only if still ours). */
export async function recordEndpoint(home: string, endpoint: ServeEndpoint): Promise<() => void> {
  const file = path.join(home, ENDPOINT_FILE);
  await writeFileAtomic(file, `${JSON.stringify(endpoint)}\n`, { mode: PRIVATE });
  return () => {
    if (readEndpoint(home)?.pid === endpoint.pid) fs.rmSync(file, { force: true });
  };
}

/** The recorded endpoint, if any (it may be stale after a SIGKILL: the caller's connect says so). */
export function readEndpoint(home: string): ServeEndpoint | undefined {
  const text = readIfThere(path.join(home, ENDPOINT_FILE));
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<ServeEndpoint>;
    return typeof parsed.url === "string" && typeof parsed.pid === "number" ? { url: parsed.url, pid: parsed.pid } : undefined;
  } catch {
    return undefined;
  }
}
