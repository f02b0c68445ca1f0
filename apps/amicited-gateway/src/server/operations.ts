// The gateway's operator side (issue #33): its readiness checks (the store answers, its schema is
// the one this build needs, the catalog holds tools) and the structured log with the gateway's
// token shape redacted. The routes, drain and request log themselves are server-kit's
// (operations/); http.ts mounts them, cli/commands.ts drains on SIGTERM.
import { createHttpOperations, createStructuredLog, routeStderrThroughLog } from "@foundry-mcp/server-kit";
import type { HttpOperations, LogFormat, ReadinessCheck, StructuredLog } from "@foundry-mcp/server-kit";
import { pendingMigrations, SCHEMA_VERSION, schemaVersionOf } from "@foundry-mcp/workspace-store";
import { GATEWAY_SCHEMA } from "../store-schema/gateway-schema";
import type { Gateway } from "./gateway";
import { storeProbe } from "./store-statements";

// Every token the gateway issues (read, write, admin) starts amc_; none is ever written to the log.
const GATEWAY_TOKEN = /amc_[A-Za-z0-9_-]+/g;

/** The three readiness checks, in order; the answers are fixed words and schema numbers only. */
export function gatewayReadinessChecks(gateway: Gateway): ReadinessCheck[] {
  return [
    {
      name: "store",
      run: () => storeProbe.get(gateway.store).then(() => true as const, () => "unreachable"),
    },
    {
      name: "migrations",
      run: async () => {
        const version = await schemaVersionOf(gateway.store);
        if (version < SCHEMA_VERSION) return `schema ${version}, needs ${SCHEMA_VERSION}`;
        const pending = await pendingMigrations(gateway.store, [GATEWAY_SCHEMA]);
        return pending.length === 0 ? true : `needs ${pending.join(", ")}`;
      },
    },
    { name: "catalog", run: async () => (gateway.catalog.size > 0 ? true : "no tools loaded") },
  ];
}

/** The gateway's log; in json format every other stderr line (upstreams, libraries) becomes a record too. */
export function openGatewayLog(format: LogFormat): StructuredLog {
  const log = createStructuredLog({ format, service: "amicited-gateway", secretPatterns: [GATEWAY_TOKEN] });
  if (format === "json") routeStderrThroughLog(log);
  return log;
}

/** Health routes, drain and request records for `serve` over HTTP. */
export function gatewayOperations(gateway: Gateway, log: StructuredLog, drainSeconds: number): HttpOperations {
  return createHttpOperations({ log, checks: gatewayReadinessChecks(gateway), drainSeconds });
}
