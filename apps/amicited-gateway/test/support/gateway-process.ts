// Runs the BUILT gateway (dist/gateway.mjs) as real processes for integration tests: init a data
// directory, start `serve --port 0` on 127.0.0.1 and read its "listening on" line, connect SDK
// clients with a bearer token, and end every process with its own process group (endProcess).
// trackResources ends what a test file starts (these, other child processes, and gateways built in
// process) after each test or after the file; serveGateway does all of it around one test file.
import { execFileSync, spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, afterEach, beforeAll, TestRunner } from "vitest";

/** The built bundle under test. */
export const GATEWAY = fileURLToPath(new URL("../../dist/gateway.mjs", import.meta.url));

/** Tokens printed by init / workspace create. */
export interface WorkspaceTokens {
  workspace: string;
  readToken: string;
  writeToken: string;
  /** The dashboard's admin token: printed by init only. */
  adminToken?: string;
}

/** Fails early with the fix when the bundle was not built. */
export function requireBuild(): void {
  if (!fs.existsSync(GATEWAY))
    throw new Error(
      `${GATEWAY} is missing: run pnpm --filter @foundry-mcp/amicited-gateway build first`,
    );
}

/** Runs the gateway CLI to completion and returns stdout. */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}): string {
  return execFileSync(process.execPath, [GATEWAY, ...args], {
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 120_000,
  });
}

/** Inits the empty directory `dir` with the demo workspace plus `others`; tokens by workspace name. */
export function initData(dir: string, others: string[] = []): {
  dir: string;
  tokens: Record<string, WorkspaceTokens>;
} {
  const tokens: Record<string, WorkspaceTokens> = {};
  const demo = JSON.parse(runCli(["init", "--data", dir]).trim()) as WorkspaceTokens;
  tokens[demo.workspace] = demo;
  for (const name of others)
    tokens[name] = JSON.parse(
      runCli(["workspace", "create", name, "--data", dir]).trim(),
    ) as WorkspaceTokens;
  return { dir, tokens };
}

/**
 * How long trackResources lets a process it ends take after SIGTERM before SIGKILL: a gateway
 * draining held calls (up to --drain-seconds) must not keep the clean-up hook (60 s) from ending
 * the rest.
 */
export const PROCESS_GRACE_MS = 10_000;

// How long a process gets to go after SIGKILL before endProcess reports it.
const KILLED_EXIT_MS = 5_000;

const hasExited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

// True once `child` has exited, false when `ms` passed first.
function exitWithin(child: ChildProcess, ms: number): Promise<boolean> {
  if (hasExited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onExit = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = Number.isFinite(ms)
      ? setTimeout(() => {
          child.off("exit", onExit);
          resolve(false);
        }, ms)
      : undefined;
    child.once("exit", onExit);
  });
}

// Sends `signal` to the process group `child` leads (a `detached` spawn's), else to `child` alone.
function signalProcess(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // It leads no group (or the group is gone): the child alone, a no-op once it has exited.
    child.kill(signal);
  }
}

/**
 * Ends `child` for good: SIGTERM (to its process group when it leads one, as a `detached` spawn
 * does, so what it started goes too), SIGKILL when it has not exited within `graceMs` (unbounded
 * by default), then SIGKILL to whatever of its group is left, so nothing outlives the test. Throws
 * only when it has not exited 5 s after SIGKILL.
 *
 * @example await endProcess(child, PROCESS_GRACE_MS);
 */
export async function endProcess(child: ChildProcess, graceMs = Number.POSITIVE_INFINITY): Promise<void> {
  if (child.pid === undefined) return;
  if (!hasExited(child)) {
    signalProcess(child, "SIGTERM");
    if (!(await exitWithin(child, graceMs))) {
      signalProcess(child, "SIGKILL");
      if (!(await exitWithin(child, KILLED_EXIT_MS))) throw new Error(`process ${child.pid} did not exit within ${KILLED_EXIT_MS} ms of SIGKILL`);
    }
  }
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // No group, or none of it left.
  }
}

/** A running `serve` process. */
export interface RunningGateway {
  url: string;
  process: ChildProcess;
  stderr: () => string;
  /** SIGTERM to its process group and wait for the exit (endProcess); SIGKILL after `graceMs` when given. */
  stop(graceMs?: number): Promise<void>;
}

/** `--data DIR`, or `--database URL` for a postgres:// location. */
export const storeFlags = (location: string): string[] =>
  location.startsWith("postgres://") ? ["--database", location] : ["--data", location];

/** Starts `serve --data DIR --port 0` (or `--database URL`) plus `extra` flags; waits for its listening line. */
export async function startGateway(
  location: string,
  extra: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<RunningGateway> {
  const child = spawn(
    process.execPath,
    [GATEWAY, "serve", ...storeFlags(location), "--port", "0", ...extra],
    { stdio: ["ignore", "pipe", "pipe"], detached: true, env: { ...process.env, ...env } },
  );
  let stderr = "";
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line: ${stderr}`)), 30_000);
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      // The line is plain text, or a JSON record under --log-format json.
      const match = /listening on (http:\/\/[^\s"]+\/mcp)["\n]/.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once("exit", (code) => reject(new Error(`gateway exited with ${code}: ${stderr}`)));
  });
  let url: string;
  try {
    url = await listening;
  } catch (error) {
    // Nobody gets this process to stop: end it here, so a slow start leaves nothing running.
    await endProcess(child, PROCESS_GRACE_MS);
    throw error;
  }
  return {
    url,
    process: child,
    stderr: () => stderr,
    stop: (graceMs) => endProcess(child, graceMs),
  };
}

/** An SDK client connected over Streamable HTTP with a bearer token. */
export async function connect(url: string, token: string, toolsets?: string): Promise<Client> {
  const target = new URL(url);
  if (toolsets !== undefined) target.searchParams.set("toolsets", toolsets);
  const client = new Client({ name: "gateway-test", version: "0.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(target, {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

/** A tool call's JSON payload (structuredContent, else the parsed text). */
export function payload(result: unknown): Record<string, unknown> {
  const value = result as {
    structuredContent?: Record<string, unknown>;
    content?: { type: string; text?: string }[];
  };
  if (value.structuredContent) return value.structuredContent;
  const text = (value.content ?? []).map((item) => item.text ?? "").join("");
  return JSON.parse(text) as Record<string, unknown>;
}

/** A tool call's text, for error messages. */
export function textOf(result: unknown): string {
  return ((result as { content?: { text?: string }[] }).content ?? [])
    .map((item) => item.text ?? "")
    .join("\n");
}

/** What a test closes that it did not start through TestResources: a gateway built in process, its HTTP server. */
export interface Closable {
  close(): Promise<void>;
}

/** The resources of one test file, each ended by trackResources when its tests are done. */
export interface TestResources {
  /** A fresh data directory (the demo workspace plus `others`; initData) after checking the build; removed at the end. */
  data(others?: string[]): { dir: string; tokens: Record<string, WorkspaceTokens> };
  /** A new empty directory under the system's temporary one; removed at the end. */
  directory(prefix: string): string;
  /** `serve` on a data directory or database (startGateway); stopped at the end. */
  serve(location: string, flags?: string[], env?: NodeJS.ProcessEnv): Promise<RunningGateway>;
  /** An SDK client on `url` with a bearer token (connect); closed at the end. */
  open(url: string, token: string, toolsets?: string): Promise<Client>;
  /** A child process the test spawned, ended (endProcess) at the end, SIGKILL after PROCESS_GRACE_MS; returns it. */
  spawned(child: ChildProcess): ChildProcess;
  /** `resource` (a gateway built in process, its HTTP server), closed at the end; returns it. */
  closing<T extends Closable>(resource: T): T;
  /** Any other clean-up (a browser, a database cluster, a held write to release), run at the end. */
  defer(cleanup: () => unknown): void;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Ends what a test file starts: after each of its tests (`"each"`) or after all of them (`"all"`),
 * every resource made or registered through the returned TestResources, the last one first — so
 * clients close before the gateway they talk to, a server before the gateway it serves, a process
 * stops before its data directory goes, and a clean-up deferred before anything started (a
 * database cluster's stop) runs after all of it. A process gets PROCESS_GRACE_MS after SIGTERM,
 * then SIGKILL, so one stuck process cannot keep the hook from ending the others. A clean-up that
 * throws does not keep the others from running; its error is thrown after them (an
 * AggregateError naming each when several threw). Call it at the top of a file or a describe.
 *
 * Under `"each"` a resource belongs to the test running when it is made: one made outside a test
 * (in a `beforeAll`, or a describe's body) would be ended after the first test and gone for the
 * rest, so it is refused with an error saying so. What a file or describe shares takes `"all"`;
 * a `beforeEach` runs inside its test, so `"each"` takes what it makes.
 *
 * @example const resources = trackResources();
 * it("…", async () => { const { dir, tokens } = resources.data(); const gateway = await resources.serve(dir); … });
 */
export function trackResources(scope: "each" | "all" = "each"): TestResources {
  const cleanups: (() => unknown)[] = [];
  (scope === "each" ? afterEach : afterAll)(async () => {
    const failures: unknown[] = [];
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1)
      throw new AggregateError(failures, `${failures.length} clean-ups failed: ${failures.map((error, index) => `(${index + 1}) ${messageOf(error)}`).join("; ")}`);
  });
  // Checked before anything starts, so that a refused resource is never left running.
  const checkScope = () => {
    if (scope === "each" && TestRunner.getCurrentTest() === undefined)
      throw new Error(
        'trackResources("each") ends what a test makes after that test; this was made outside a test (a beforeAll or a describe\'s body) and would be gone after the first one: use trackResources("all") for what the tests share',
      );
  };
  const register = (cleanup: () => unknown) => {
    checkScope();
    cleanups.push(cleanup);
  };
  const removing = (dir: string) => {
    register(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  const directory = (prefix: string) => {
    checkScope();
    return removing(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  };
  return {
    data(others) {
      checkScope();
      requireBuild();
      // Removed at the end even when `init` or `workspace create` fails in it (a beforeAll's set-up).
      return initData(directory("gw-test-"), others);
    },
    directory,
    async serve(location, flags = [], env = {}) {
      checkScope();
      const gateway = await startGateway(location, flags, env);
      register(() => gateway.stop(PROCESS_GRACE_MS));
      return gateway;
    },
    async open(url, token, toolsets) {
      checkScope();
      const client = await connect(url, token, toolsets);
      register(() => client.close().catch(() => undefined));
      return client;
    },
    spawned(child) {
      register(() => endProcess(child, PROCESS_GRACE_MS));
      return child;
    },
    closing(resource) {
      register(() => resource.close());
      return resource;
    },
    defer(cleanup) {
      register(cleanup);
    },
  };
}

/** A built gateway served to one test file (see serveGateway); filled in before its tests run. */
export interface ServedGateway {
  gateway: RunningGateway;
  /** Tokens by workspace name: `demo` plus the `others` asked for. */
  tokens: Record<string, WorkspaceTokens>;
  /** The data directory. */
  dir: string;
  /** An SDK client on the gateway with `token` (and `?toolsets=`), closed after the file's tests. */
  open(token: string, toolsets?: string): Promise<Client>;
}

/**
 * The set-up every HTTP test file shares: before its tests, a fresh data directory (the demo
 * workspace plus `others`) and `serve` started with the flags `flags` gives for it; after them,
 * every client `open` made closed, the process stopped and the directory removed (trackResources).
 *
 * @example const served = serveGateway({ others: ["other"], flags: () => ["--hourly-cap", "40"] });
 */
export function serveGateway(
  options: { others?: string[]; flags?: (dir: string) => string[]; env?: () => NodeJS.ProcessEnv } = {},
): ServedGateway {
  const resources = trackResources("all");
  const served = {
    open: (token: string, toolsets?: string) => resources.open(served.gateway.url, token, toolsets),
  } as ServedGateway;
  beforeAll(async () => {
    ({ dir: served.dir, tokens: served.tokens } = resources.data(options.others));
    served.gateway = await resources.serve(served.dir, options.flags?.(served.dir) ?? [], options.env?.() ?? {});
  });
  return served;
}
