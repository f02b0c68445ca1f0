// The stdio transport: spawns the server in its own process group (detached) and speaks
// newline-delimited JSON-RPC over its stdin/stdout. close() and an unexpected exit both end
// the whole group, so servers started through a shell or npx leave no grandchildren behind.
import { spawn, type ChildProcess } from "node:child_process";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import type { StdioLaunchOptions, StdioTransport } from "../transports/types";
import { terminateGroup, trackGroup } from "./process-group";

/** Variables a stdio server inherits from the host; everything else must be set in `env`. */
export const INHERITED_ENV_VARS = ["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER", "TMPDIR", "LANG", "LC_ALL", "SystemRoot"];

function inheritedEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of INHERITED_ENV_VARS) {
    const value = process.env[key];
    if (value !== undefined && !value.startsWith("()")) env[key] = value;
  }
  return env;
}

/** A Transport over a child process that owns its process group. */
export class ProcessGroupStdioTransport implements StdioTransport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: ChildProcess | undefined;
  private buffer = "";
  private stderrBuffer = "";
  private closed = false;
  private untrack: (() => void) | undefined;

  constructor(private readonly options: StdioLaunchOptions) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    if (this.child) throw new Error("ProcessGroupStdioTransport already started");
    return new Promise((resolve, reject) => {
      const child = spawn(this.options.command, this.options.args, {
        cwd: this.options.cwd,
        env: { ...inheritedEnvironment(), ...this.options.env },
        stdio: ["pipe", "pipe", "pipe"],
        detached: true,
        windowsHide: true,
      });
      this.child = child;
      child.once("spawn", () => {
        if (child.pid !== undefined) this.untrack = trackGroup(child.pid);
        resolve();
      });
      child.once("error", (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once("exit", () => void this.finish());
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.setEncoding("utf8");
      child.stdout?.on("data", (chunk: string) => this.receive(chunk));
      child.stderr?.setEncoding("utf8");
      child.stderr?.on("data", (chunk: string) => this.receiveStderr(chunk));
    });
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    let newline = this.buffer.indexOf("\n");
    while (newline !== -1) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, "");
      this.buffer = this.buffer.slice(newline + 1);
      newline = this.buffer.indexOf("\n");
      if (line.trim() === "") continue;
      try {
        this.onmessage?.(JSONRPCMessageSchema.parse(JSON.parse(line)));
      } catch (error) {
        this.onerror?.(new Error(`Server "${this.options.server}" wrote a line to stdout that is not JSON-RPC: ${line.slice(0, 120)}`, { cause: error }));
      }
    }
  }

  private receiveStderr(chunk: string): void {
    this.stderrBuffer += chunk;
    const lines = this.stderrBuffer.split("\n");
    this.stderrBuffer = lines.pop() ?? "";
    for (const line of lines) if (line.trim() !== "") this.options.onStderr?.(line);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || this.closed || stdin.destroyed) {
        reject(new Error(`Server "${this.options.server}" is not running`));
        return;
      }
      if (stdin.write(`${JSON.stringify(message)}\n`)) resolve();
      else stdin.once("drain", resolve);
    });
  }

  /** Ends the session: closes stdin, then ends the whole process group (TERM, then KILL). */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || this.closed) return;
    this.closed = true;
    try {
      child.stdin?.end();
    } catch {
      // The pipe may already be broken.
    }
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 300);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    await this.finish();
  }

  private finishing: Promise<void> | undefined;

  // Runs once, after close() or when the child exits on its own: the group may still hold
  // descendants (a shell's child, npx's node), so end it either way before reporting close.
  private finish(): Promise<void> {
    this.finishing ??= (async () => {
      this.closed = true;
      const child = this.child;
      if (child?.pid !== undefined) await terminateGroup(child.pid);
      // Where process groups do not exist (Windows), at least the child itself goes.
      if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      this.untrack?.();
      this.onclose?.();
    })();
    return this.finishing;
  }
}

/** The Node stdio launcher to pass as `ClientManager`'s `stdio` option. */
export function launchStdioServer(options: StdioLaunchOptions): ProcessGroupStdioTransport {
  return new ProcessGroupStdioTransport(options);
}
