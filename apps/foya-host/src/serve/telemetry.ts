// `foya serve`'s telemetry: OpenTelemetry export when the standard OTEL_* variables ask for it
// (off by default; the SDK is loaded only then). Server spans come from server-kit's transports,
// upstream client spans from client-manager, which passes the traceparent on in params._meta.
import { OtelSettingsError, startTelemetry, type Telemetry } from "@foundry-mcp/telemetry";
import { usageError } from "../cli/errors";

/** Starts the process's telemetry; a setting it cannot honour is a usage error naming the variable. */
export async function startServeTelemetry(version: string): Promise<Telemetry> {
  try {
    return await startTelemetry({ service: { name: "foya", version } });
  } catch (error) {
    if (error instanceof OtelSettingsError) throw usageError(error.message.replace(/\.$/, ""), "serve");
    throw error;
  }
}
