// The OpenTelemetry packages otel-sdk.ts loads, at the versions this release is built and tested
// with. The apps list them as optional peer dependencies (npm does not install those), so an
// operator who turns export on installs them; the error for a missing one prints this command.
// tooling/test/otel-peers.test.ts keeps the apps' manifests equal to this list.

/** Package name → exact version. */
export const OTEL_PACKAGE_VERSIONS = {
  "@opentelemetry/api": "1.9.1",
  "@opentelemetry/core": "2.12.0",
  "@opentelemetry/exporter-metrics-otlp-http": "0.223.0",
  "@opentelemetry/exporter-trace-otlp-http": "0.223.0",
  "@opentelemetry/resources": "2.12.0",
  "@opentelemetry/sdk-metrics": "2.12.0",
  "@opentelemetry/sdk-trace-base": "2.12.0",
} as const;

/** The npm command that installs them beside a program. */
export const OTEL_INSTALL_COMMAND = `npm install ${Object.entries(OTEL_PACKAGE_VERSIONS)
  .map(([name, version]) => `${name}@${version}`)
  .join(" ")}`;
