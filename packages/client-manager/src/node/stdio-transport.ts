// The stdio transport: spawns the server in its own process group (detached) and speaks
// newline-delimited JSON-RPC over its stdin/stdout. close() and an unexpected exit both end
// the whole group, so servers started through a shell or npx leave no grandchildren behind.
// stdout and stderr are framed by @foundry-mcp/jsonl: linear in the bytes read, and bounded (a
// response over `maxFrameBytes` fails its one call, the session stays; stderr lines are cut).
import { spawn, type ChildProcess } from "node:child_process";
import type { Readable } from "node:stream";
import { DEFAULT_MAX_FRAME_BYTES, formatFrameBound, JsonLineFramer, type OversizeFrame } from "@foundry-mcp/jsonl";
import { checkMessage } from "@foundry-mcp/server-kit";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { StdioLaunchOptions, StdioTransport } from "../transports/types";
import { terminateGroup, trackGroup } from "./process-group";

/** Longest stderr line kept whole; longer ones are reported by their start and length. */
export const MAX_STDERR_LINE_BYTES = 64 * 1024;

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
  private readonly stdoutFrames: JsonLineFramer;
  private readonly stderrFrames = new JsonLineFramer({ maxFrameBytes: MAX_STDERR_LINE_BYTES });
  private closed = false;
  private untrack: (() => void) | undefined;

  constructor(private readonly options: StdioLaunchOptions) {
    this.stdoutFrames = new JsonLineFramer({ maxFrameBytes: options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES });
  }

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
      child.stdout?.on("data", (chunk: Buffer) => this.receive(chunk));
      child.stderr?.on("data", (chunk: Buffer) => this.receiveStderr(chunk));
    });
  }

  private receive(chunk: Buffer): void {
    this.stdoutFrames.push(chunk);
    for (let frame = this.stdoutFrames.next(); frame; frame = this.stdoutFrames.next()) {
      if (frame.type === "oversize") {
        this.receiveOversize(frame);
        continue;
      }
      try {
        // server-kit's checkMessage: the common request, notification and result shapes pass by
        // a hand check, anything else by the SDK's schema (its Protocol checks each kind again).
        const checked = checkMessage(JSON.parse(frame.text));
        if (!checked.ok) throw new Error(checked.error);
        this.onmessage?.(checked.message);
      } catch (error) {
        this.onerror?.(new Error(`Server "${this.options.server}" wrote a line to stdout that is not JSON-RPC: ${frame.text.slice(0, 120)}`, { cause: error }));
      }
    }
  }

  // An answer too big to hold fails the one request it answers (the SDK client sees an error
  // response for that id); a request from the server gets an error reply; the session goes on.
  private receiveOversize(frame: OversizeFrame): void {
    const bound = formatFrameBound(this.stdoutFrames.maxFrameBytes);
    const what = `a ${frame.kind === "request" ? "request" : "message"} of ${frame.bytes} bytes, over the ${bound} frame bound (maxFrameBytes)`;
    if (frame.kind === "response" && frame.id !== undefined && frame.id !== null) {
      const message = `Server "${this.options.server}" sent a response of ${frame.bytes} bytes, over the ${bound} frame bound (maxFrameBytes); it was discarded and the session kept. Ask for less (a page, a filter) or raise maxFrameBytes.`;
      this.onmessage?.({ jsonrpc: "2.0", id: frame.id, error: { code: -32600, message } });
      return;
    }
    if (frame.kind === "request" && frame.id !== undefined && frame.id !== null) {
      void this.send({ jsonrpc: "2.0", id: frame.id, error: { code: -32600, message: `Invalid Request: message larger than ${bound} was discarded.` } }).catch(() => undefined);
    }
    this.onerror?.(new Error(`Server "${this.options.server}" wrote ${what} to stdout; it was discarded: ${frame.head.slice(0, 120)}`));
  }

  private receiveStderr(chunk: Buffer): void {
    this.stderrFrames.push(chunk);
    for (let frame = this.stderrFrames.next(); frame; frame = this.stderrFrames.next()) {
      const line = frame.type === "line" ? frame.text : `${frame.head.slice(0, 200)}… (a ${frame.bytes}-byte line, cut at ${MAX_STDERR_LINE_BYTES} bytes)`;
      this.options.onStderr?.(line);
    }
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
      // "exit" may come before the last of the child's output is read (Node says so): the
      // stderr line that explains a crash, or a last answer. The group is gone, so the pipes
      // close at once; the bound is for a descendant that escaped the group.
      if (child) await pipesClosed(child, 500);
      this.untrack?.();
      this.onclose?.();
    })();
    return this.finishing;
  }
}

/** Resolves once the child's stdout and stderr have closed, or after `boundMs`. */
function pipesClosed(child: ChildProcess, boundMs: number): Promise<void> {
  const open = [child.stdout, child.stderr].filter((stream): stream is Readable => stream !== null && !stream.closed);
  if (open.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    let left = open.length;
    const timer = setTimeout(resolve, boundMs);
    timer.unref?.();
    for (const stream of open)
      stream.once("close", () => {
        if (--left > 0) return;
        clearTimeout(timer);
        resolve();
      });
  });
}

/** The Node stdio launcher to pass as `ClientManager`'s `stdio` option. */
export function launchStdioServer(options: StdioLaunchOptions): ProcessGroupStdioTransport {
  return new ProcessGroupStdioTransport(options);
}
