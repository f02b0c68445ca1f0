// A raw newline-delimited JSON-RPC peer over a child's stdio: sends any bytes, collects every
// line the server writes, and can tell whether stdout ever carried a non-JSON line.
import { spawn, type ChildProcess } from "node:child_process";

export interface JsonRpcMessage {
  jsonrpc?: string;
  id?: unknown;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
  method?: string;
}

export class RawStdioPeer {
  readonly child: ChildProcess;
  readonly messages: JsonRpcMessage[] = [];
  readonly garbage: string[] = [];
  private buffer = "";
  private stderrText = "";
  private waiters: Array<() => void> = [];

  constructor(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
    this.child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"], env });
    this.child.stdout!.setEncoding("utf8");
    this.child.stdout!.on("data", (chunk: string) => this.receive(chunk));
    this.child.stderr!.on("data", (chunk) => {
      this.stderrText = (this.stderrText + chunk).slice(-20_000);
    });
    this.child.stdin!.on("error", () => undefined);
  }

  get stderr(): string {
    return this.stderrText;
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    let newline: number;
    while ((newline = this.buffer.indexOf("\n")) >= 0) {
      const line = this.buffer.slice(0, newline).trim();
      this.buffer = this.buffer.slice(newline + 1);
      if (!line) continue;
      try {
        this.messages.push(JSON.parse(line) as JsonRpcMessage);
      } catch {
        this.garbage.push(line.slice(0, 200));
      }
    }
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Writes one line, waiting for the pipe to drain when it is full. */
  async send(line: string): Promise<void> {
    if (!this.child.stdin!.write(`${line}\n`)) await new Promise((resolve) => this.child.stdin!.once("drain", resolve));
  }

  /** Resolves with the reply to `id`, or rejects after `timeoutMs`. */
  async reply(id: unknown, timeoutMs = 20_000): Promise<JsonRpcMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find((m) => m.id === id && (m.result !== undefined || m.error !== undefined));
      if (found) return found;
      if (!this.alive) throw new Error(`server exited (${this.child.exitCode ?? this.child.signalCode}) before answering ${String(id)}: ${this.stderrText.slice(-400)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no reply to id ${String(id)} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 500));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async request(id: number, method: string, params?: unknown, timeoutMs?: number): Promise<JsonRpcMessage> {
    await this.send(JSON.stringify({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) }));
    return this.reply(id, timeoutMs);
  }

  async initialize(): Promise<JsonRpcMessage> {
    const answer = await this.request(0, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "hostile", version: "0" } });
    await this.send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    return answer;
  }

  async close(): Promise<void> {
    if (!this.alive) return;
    const exited = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
    this.child.stdin!.end();
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 5_000);
    this.child.kill("SIGTERM");
    await exited;
    clearTimeout(timer);
  }
}
