// Test support: a bare newline-delimited JSON-RPC peer on a child process, for what the SDK client
// never sends (chosen protocol versions, broken frames). Responses are matched by id; messages
// with other ids (e.g. `null` for parse errors) are collected in `unmatched`.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";

/** A JSON-RPC message as received. */
export interface WireMessage {
  jsonrpc?: string;
  id?: string | number | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
  method?: string;
}

/** A raw stdio peer of one server process. */
export class RawClient {
  readonly unmatched: WireMessage[] = [];
  stderr = "";
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending = new Map<string | number, (message: WireMessage) => void>();
  private readonly waiters: Array<() => void> = [];
  private buffer = "";
  private nextId = 1;
  readonly exited: Promise<number | null>;

  constructor(command: string, args: string[], cwd: string) {
    this.child = spawn(command, args, { cwd, stdio: ["pipe", "pipe", "pipe"], env: { PATH: process.env.PATH ?? "" } });
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk: string) => this.onData(chunk));
    this.child.stderr.on("data", (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child.stdin.on("error", () => undefined);
    this.exited = new Promise((resolve) => this.child.on("exit", (code) => resolve(code)));
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    let newline: number;
    while ((newline = this.buffer.indexOf("\n")) >= 0) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 1);
      if (line.trim() === "") continue;
      const message = JSON.parse(line) as WireMessage; // stdout must carry JSON only
      const resolve = message.id === undefined || message.id === null ? undefined : this.pending.get(message.id);
      if (resolve && message.id !== undefined && message.id !== null) {
        this.pending.delete(message.id);
        resolve(message);
      } else {
        this.unmatched.push(message);
        this.waiters.splice(0).forEach((wake) => wake());
      }
    }
  }

  /** Writes one line as is (a newline is added when missing). */
  raw(line: string): void {
    this.child.stdin.write(line.endsWith("\n") ? line : `${line}\n`);
  }

  /** Sends a request with a fresh numeric id (or the given one) and waits for its response. */
  request(method: string, params?: unknown, id: string | number = this.nextId++): Promise<WireMessage> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${method}`)), 20_000);
      this.pending.set(id, (message) => {
        clearTimeout(timer);
        resolve(message);
      });
      this.raw(JSON.stringify({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) }));
    });
  }

  /** Waits until at least `count` unmatched messages arrived. */
  async unmatchedCount(count: number): Promise<WireMessage[]> {
    const deadline = Date.now() + 20_000;
    while (this.unmatched.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} unmatched messages, got ${this.unmatched.length}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return this.unmatched;
  }

  /** initialize with a chosen protocol version, then notifications/initialized. */
  async initialize(protocolVersion: string): Promise<WireMessage> {
    const response = await this.request("initialize", {
      protocolVersion,
      capabilities: {},
      clientInfo: { name: "raw-test-client", version: "0.0.0" },
    });
    this.raw(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    return response;
  }

  /** Closes stdin (the server should then exit on its own). */
  endInput(): void {
    this.child.stdin.end();
  }

  /** Ends the process if it is still running. */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGTERM");
  }
}
