// Test support: the BUILT bundle copied into an empty temporary folder (no node_modules near it),
// a temporary project root, and SDK clients connected to it over stdio. Everything made here is
// removed by `cleanup()`.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** apps/foundry-server */
export const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** The bundle the tests run. */
export const BUNDLE = path.join(APP_DIR, "dist", "server.mjs");
/** The assembled plugin folder. */
export const PLUGIN_DIR = path.join(APP_DIR, "dist", "plugin", "foundry-core");

/** Fails loudly when the app was not built: these tests exercise dist/, never src/. */
export function requireBuild(): void {
  if (!fs.existsSync(BUNDLE) || !fs.existsSync(PLUGIN_DIR)) {
    throw new Error("apps/foundry-server is not built: run `pnpm --filter @foundry-mcp/foundry-server build` first.");
  }
}

const temporaryDirs: string[] = [];

/** A fresh directory under the OS temp folder, removed by cleanup(). */
export function makeTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporaryDirs.push(dir);
  return dir;
}

/** Copies dist/server.mjs alone into an empty folder and returns the copy's path. */
export function isolatedBundle(): string {
  requireBuild();
  const lone = makeTempDir("foundry-lone-");
  const copy = path.join(lone, "server.mjs");
  fs.copyFileSync(BUNDLE, copy);
  return copy;
}

/** Writes files (relative path → content) under `root`. */
export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(root, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}

const clients: Client[] = [];

/** An SDK client connected over stdio to the isolated bundle serving `root` (via --root). */
export async function connectClient(root: string, options: { args?: string[]; env?: Record<string, string>; cwd?: string } = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [isolatedBundle(), ...(options.args ?? ["--root", root])],
    cwd: options.cwd ?? root,
    env: { PATH: process.env.PATH ?? "", ...(options.env ?? {}) },
    stderr: "pipe",
  });
  const client = new Client({ name: "foundry-server-tests", version: "0.0.0" });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** The text of a tool result (its text contents joined). */
export function textOf(result: unknown): string {
  const content = (result as CallToolResult).content ?? [];
  return content
    .filter((item): item is { type: "text"; text: string } => item.type === "text")
    .map((item) => item.text)
    .join("\n");
}

/** Calls a tool and returns `{ text, isError }`. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ text: string; isError: boolean }> {
  const result = await client.callTool({ name, arguments: args });
  return { text: textOf(result), isError: result.isError === true };
}

/** Closes every client and removes every temporary folder made by these helpers. */
export async function cleanup(): Promise<void> {
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
  for (const dir of temporaryDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** Runs the isolated bundle with arguments (no stdin) and returns its output and status. */
export function runBundle(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): { stdout: string; status: number } {
  try {
    const stdout = execFileSync(process.execPath, [isolatedBundle(), ...args], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? "", ...(options.env ?? {}) },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    return { stdout, status: 0 };
  } catch (error) {
    const failed = error as { stdout?: string; status?: number };
    return { stdout: failed.stdout ?? "", status: failed.status ?? -1 };
  }
}
