// Drives `foya serve` as an MCP client would: the SDK's Client over stdio, optionally declaring
// elicitation with a scripted answer, recording list_changed notifications.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ElicitRequestSchema, ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { FOYA } from "./processes";

/** A connected client of `foya serve` and what it has seen. */
export interface ServeSession {
  client: Client;
  transport: StdioClientTransport;
  toolListChanges: () => number;
  /** Resolves once more than `count` list_changed notifications arrived (rejects after `timeoutMs`). */
  toolListChangesAbove(count: number, timeoutMs?: number): Promise<void>;
  elicitations: string[];
  stderr: () => string;
  close(): Promise<void>;
}

/** What the client answers to an elicitation request (undefined: the client lacks the capability). */
export type ElicitAnswer = { action: "accept"; content: Record<string, unknown> } | { action: "decline" } | { action: "cancel" };

/** Starts `foya serve …args` with FOYA_HOME=home (and `env`) and connects to it. */
export async function connectServe(home: string, args: string[], answer?: ElicitAnswer, env: Record<string, string> = {}): Promise<ServeSession> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [FOYA, "serve", ...args],
    env: { ...(process.env as Record<string, string>), ...env, FOYA_HOME: home },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const client = new Client({ name: "foya-test", version: "1.0.0" }, { capabilities: answer ? { elicitation: {} } : {} });
  let changes = 0;
  const changeWaiters = new Set<() => void>();
  const elicitations: string[] = [];
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    changes++;
    for (const wake of [...changeWaiters]) wake();
  });
  // Awaits the notification itself: a tools/list that already shows the change can be answered
  // before the list_changed notification reaches this client.
  const toolListChangesAbove = (count: number, timeoutMs = 20_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (changes <= count) return;
        changeWaiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        changeWaiters.delete(check);
        reject(new Error(`no tools/list_changed notification beyond ${count} within ${timeoutMs} ms (seen ${changes})`));
      }, timeoutMs);
      changeWaiters.add(check);
      check();
    });
  if (answer) {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      elicitations.push(String(request.params.message));
      return answer;
    });
  }
  await client.connect(transport);
  return {
    client,
    transport,
    toolListChanges: () => changes,
    toolListChangesAbove,
    elicitations,
    stderr: () => stderr,
    close: () => client.close(),
  };
}

/** Polls `check` until it returns true or the time is up. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The text of a tools/call result. */
export function textOf(result: unknown): string {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  return content.map((item) => item.text ?? "").join("\n");
}
