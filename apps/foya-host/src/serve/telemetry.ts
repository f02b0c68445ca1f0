// `foya serve`'s telemetry: OpenTelemetry export when the standard OTEL_* variables ask for it
// (off by default; the exporter is loaded only then). Server spans are measured by server-kit's
// wire layer, upstream client spans by client-manager's, which passes the traceparent on in
// params._meta. On stdio there is no /metrics: with export off nothing is measured at all.
import { OtelSettingsError, startTelemetry, type Telemetry } from "@foundry-mcp/telemetry";
import { usageError } from "../cli/errors";

/**
 * Starts the process's telemetry; a setting it cannot honour is a usage error naming the variable.
 * `servesMetrics`: whether this process has a /metrics route (`--http`).
 */
export async function startServeTelemetry(version: string, servesMetrics: boolean): Promise<Telemetry> {
  try {
    return await startTelemetry({ service: { name: "foya", version }, localMetrics: servesMetrics });
  } catch (error) {
    if (error instanceof OtelSettingsError) throw usageError(error.message.replace(/\.$/, ""), "serve");
    throw error;
  }
}
