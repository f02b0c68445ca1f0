// What a connect attempt saw besides answers, for the status line: stdout lines of a stdio
// server that are not JSON-RPC (counted; a flood ends the attempt at once instead of letting it
// sit in "connecting" until the timeout), and the SDK's bare "Request timed out" reworded to
// say what did not answer within which bound.
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { messageOf } from "@foundry-mcp/core";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";

/**
 * Stdout lines that are not JSON-RPC a stdio server may write before its first answer: past
 * this, the connect fails at once (a flooding server is broken; waiting for the timeout
 * would only show it as "connecting").
 */
export const MAX_NOISE_LINES_WHILE_CONNECTING = 1000;

/** Noise on one connect attempt's stdout; reset at each attempt and once connected. */
export class ConnectNoise {
  private lines = 0;
  private last = "";
  private tripped = false;

  constructor(private readonly server: string) {}

  reset(): void {
    this.lines = 0;
    this.last = "";
    this.tripped = false;
  }

  /** Counts one transport error; returns the error that ends the attempt when the bound is reached (once). */
  note(error: Error): ClientManagerError | undefined {
    const text = messageOf(error);
    this.lines += 1;
    this.last = (/not JSON-RPC: (.*)$/s.exec(text)?.[1] ?? text).slice(0, 120);
    if (this.lines < MAX_NOISE_LINES_WHILE_CONNECTING || this.tripped) return undefined;
    this.tripped = true;
    return new ClientManagerError(
      ClientManagerErrorCode.CONNECT_FAILED,
      `Server "${this.server}" wrote ${this.lines} stdout lines that are not JSON-RPC before answering initialize (the last: ${this.last}); a stdio server must write only JSON-RPC there and log to stderr`,
      { server: this.server },
    );
  }

  /** `message` with what the server wrote meanwhile, when it wrote anything. */
  annotate(message: string): string {
    if (this.lines === 0 || message.includes(this.last)) return message;
    return `${message} (meanwhile it wrote ${this.lines} stdout lines that are not JSON-RPC; the last: ${this.last})`;
  }
}

/** A connect that timed out, said as what did not answer within which bound; other errors as they are. */
export function describeConnectTimeout(error: unknown, server: string, timeoutMs: number): unknown {
  if (!(error instanceof McpError) || error.code !== ErrorCode.RequestTimeout) return error;
  return new ClientManagerError(
    ClientManagerErrorCode.CONNECT_FAILED,
    `Server "${server}" did not answer within ${timeoutMs} ms while connecting (initialize and tools/list; timeouts.connectMs)`,
    { server },
  );
}
