// `foya serve`'s operator side (issue #33): the structured log every serve line goes through
// (stdio and --http; --log-format) and, over --http, the health routes, drain and request records
// of server-kit's operations module. foya has no store: it is ready once its configuration is
// loaded and the first connection attempts to its servers have settled.
import { createHttpOperations, createStructuredLog } from "@foundry-mcp/server-kit";
import type { HttpOperations, LogFormat, StructuredLog } from "@foundry-mcp/server-kit";

/** The serve log over `write` (the command's stderr); text keeps today's lines as they were. */
export function openServeLog(format: LogFormat, write: (line: string) => void): StructuredLog {
  return createStructuredLog({ format, service: "foya", write: (line) => write(line.replace(/\n$/, "")) });
}

/** Health routes, drain and request records for `serve --http`; `started` is the first connection round. */
export function serveOperations(log: StructuredLog, started: Promise<unknown>, drainSeconds: number): HttpOperations {
  let settled = false;
  void started.finally(() => {
    settled = true;
  }).catch(() => undefined);
  return createHttpOperations({
    log,
    drainSeconds,
    checks: [{ name: "servers", run: async () => (settled ? true : "starting") }],
  });
}
