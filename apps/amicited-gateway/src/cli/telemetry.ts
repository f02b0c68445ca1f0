// `serve`'s telemetry: OpenTelemetry export when the standard OTEL_* variables ask for it (off by
// default; the SDK is loaded only then) and the /metrics token (--metrics-token or
// AMICITED_METRICS_TOKEN). See docs/operators/telemetry.md.
import { OtelSettingsError, startTelemetry } from "@foundry-mcp/telemetry";
import packageJson from "../../package.json";
import { GatewayError, GatewayErrorCode } from "../errors";
import { flagString, type ParsedArgs } from "./args";

/** Starts the process's telemetry; resolves with the step that flushes it at shutdown. */
export async function startGatewayTelemetry(): Promise<() => Promise<void>> {
  try {
    const telemetry = await startTelemetry({ service: { name: "amicited-gateway", version: packageJson.version } });
    return () => telemetry.shutdown();
  } catch (error) {
    if (error instanceof OtelSettingsError) throw new GatewayError(GatewayErrorCode.USAGE, error.message);
    throw error;
  }
}

/** The bearer token that admits a non-loopback scraper to /metrics, if one is set. */
export function metricsTokenOf(args: ParsedArgs): string | undefined {
  return flagString(args, "metrics-token") ?? (process.env.AMICITED_METRICS_TOKEN || undefined);
}
