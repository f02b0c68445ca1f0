// A stdio MCP server driven line by line, to send what no SDK client would: requests with a
// missing or malformed _meta, server/discover without an envelope.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { stopProcess, type StdioProgram } from "./programs";

export interface RawAnswer {
  id: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: Record<string, unknown> };
}

export class RawStdio {
  private buffer = "";
  private readonly waiting = new Map<number, (answer: RawAnswer) => void>();
  private readonly child: ChildProcessWithoutNullStreams;

  constructor(program: StdioProgram) {
    this.child = spawn(process.execPath, program.args, { env: { ...process.env, ...program.env } });
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk: string) => {
      this.buffer += chunk;
      let newline: number;
      while ((newline = this.buffer.indexOf("\n")) >= 0) {
        const line = this.buffer.slice(0, newline);
        this.buffer = this.buffer.slice(newline + 1);
        const answer = JSON.parse(line) as RawAnswer;
        this.waiting.get(answer.id)?.(answer);
      }
    });
    this.child.stderr.resume();
  }

  request(id: number, method: string, params?: unknown): Promise<RawAnswer> {
    const answered = new Promise<RawAnswer>((resolve) => this.waiting.set(id, resolve));
    this.child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) }) + "\n");
    return answered;
  }

  close(): Promise<void> {
    this.child.stdin.end();
    return stopProcess(this.child);
  }
}

/** The envelope of a well-formed 2026-07-28 request. */
export const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "0" },
};
