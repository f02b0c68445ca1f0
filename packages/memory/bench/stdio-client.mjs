// A minimal JSON-RPC client over a child's stdio (newline-delimited JSON, as MCP stdio is): the
// same client drives every system the scale benchmark compares, so the client's own cost is
// equal on every side.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

export class StdioPeer {
  constructor(command, args) {
    this.child = spawn(command, args, { stdio: ["pipe", "pipe", "ignore"] });
    this.pending = new Map();
    this.next = 1;
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        return;
      }
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.error) waiter.reject(new Error(message.error.message));
      else waiter.resolve(message.result);
    });
    this.exited = new Promise((resolve) => this.child.once("exit", resolve));
  }

  request(method, params) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  }

  async initialize() {
    await this.request("initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "memory-bench", version: "0" } });
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
  }

  /** The text of a tools/call result. */
  async call(name, args) {
    const result = await this.request("tools/call", { name, arguments: args });
    return { text: result.content.map((block) => block.text).join("\n"), isError: result.isError === true };
  }

  /** Resident set size of the child in MiB (Linux /proc). */
  rssMiB() {
    const line = readFileSync(`/proc/${this.child.pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"));
    return Number(line?.split(/\s+/)[1] ?? Number.NaN) / 1024;
  }

  /** CPU time (user + system) the child has used so far, in ms (Linux /proc; 10 ms ticks). */
  cpuMs() {
    const fields = readFileSync(`/proc/${this.child.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  }

  async close() {
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 5_000);
    await this.exited;
    clearTimeout(timer);
  }
}
