// Issue #33: OpenTelemetry stays out of every app's install. The apps load the @opentelemetry
// packages only when OTEL_* turns export on, so each lists them as optional peer dependencies
// (npm does not install those) at the versions @foundry-mcp/telemetry is built with, never as
// dependencies or optional dependencies (which npm installs: the gateway's install was 69
// packages, 34.5 MB on Node 20 with them); the bundles keep them external. @foundry-mcp/telemetry
// itself lists them the same way, so a library user of client-manager (which depends on it) does
// not install OpenTelemetry either, and its declarations import none of them.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { OTEL_PACKAGES } from "../tsup.base";
import { OTEL_INSTALL_COMMAND, OTEL_PACKAGE_VERSIONS } from "../../packages/telemetry/src/otel-packages";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
type Manifest = Record<"dependencies" | "optionalDependencies" | "peerDependencies" | "devDependencies", Record<string, string> | undefined> & {
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};
const manifestOf = (folder: string): Manifest => JSON.parse(readFileSync(path.join(root, folder, "package.json"), "utf8")) as Manifest;
const otelIn = (deps: Record<string, string> | undefined) => Object.fromEntries(Object.entries(deps ?? {}).filter(([name]) => name.startsWith("@opentelemetry/")));

describe("the OpenTelemetry packages are optional peers of every app and of @foundry-mcp/telemetry", () => {
  it.each(["apps/amicited-gateway", "apps/foya-host", "apps/foundry-server", "packages/telemetry"])("%s lists them as optional peers only, at the telemetry package's versions", (folder) => {
    const manifest = manifestOf(folder);
    expect(otelIn(manifest.dependencies)).toEqual({});
    expect(otelIn(manifest.optionalDependencies)).toEqual({});
    expect(otelIn(manifest.peerDependencies)).toEqual(OTEL_PACKAGE_VERSIONS);
    for (const name of Object.keys(OTEL_PACKAGE_VERSIONS)) expect(manifest.peerDependenciesMeta?.[name], `${folder}: ${name}`).toEqual({ optional: true });
    // The workspace's own tests run with export on, so they are installed here as devDependencies.
    expect(otelIn(manifest.devDependencies)).toEqual(OTEL_PACKAGE_VERSIONS);
  });

  it("names the same packages as the bundles' externals and the telemetry package's manifest", () => {
    expect([...OTEL_PACKAGES].sort()).toEqual(Object.keys(OTEL_PACKAGE_VERSIONS).sort());
    const telemetry = manifestOf("packages/telemetry");
    expect(otelIn(telemetry.peerDependencies)).toEqual(OTEL_PACKAGE_VERSIONS);
  });

  it("leaves them out of @foundry-mcp/telemetry's published declarations", () => {
    const declarations = readFileSync(path.join(root, "packages/telemetry/dist/index.d.ts"), "utf8");
    expect(declarations.match(/from ["']@opentelemetry\/[^"']+["']/g) ?? []).toEqual([]);
  });

  it("prints one npm command that installs all of them", () => {
    expect(OTEL_INSTALL_COMMAND).toBe(
      "npm install @opentelemetry/api@1.9.1 @opentelemetry/core@2.12.0 @opentelemetry/exporter-metrics-otlp-http@0.223.0 @opentelemetry/exporter-trace-otlp-http@0.223.0 @opentelemetry/resources@2.12.0 @opentelemetry/sdk-metrics@2.12.0 @opentelemetry/sdk-trace-base@2.12.0",
    );
  });
  // npm refuses the printed command (ERESOLVE) when the pinned API is outside a pinned SDK
  // package's peer range: @opentelemetry/api 1.10.0 beside the 2.12.0 SDK (peer `<1.10.0`) did.
  it("pins an API version every pinned SDK package accepts as its peer", () => {
    const fromTelemetry = createRequire(path.join(root, "packages/telemetry/package.json"));
    const api = OTEL_PACKAGE_VERSIONS["@opentelemetry/api"];
    for (const name of Object.keys(OTEL_PACKAGE_VERSIONS)) {
      if (name === "@opentelemetry/api") continue;
      const installed = JSON.parse(readFileSync(fromTelemetry.resolve(`${name}/package.json`), "utf8")) as { version: string; peerDependencies?: Record<string, string> };
      expect(installed.version, name).toBe(OTEL_PACKAGE_VERSIONS[name as keyof typeof OTEL_PACKAGE_VERSIONS]);
      const range = installed.peerDependencies?.["@opentelemetry/api"];
      if (range !== undefined) expect(satisfies(api, range), `${name} wants @opentelemetry/api ${range}`).toBe(true);
    }
  });
});

const parts = (version: string): number[] => version.split(".").map(Number);
const compare = (a: string, b: string): number => {
  const [x, y] = [parts(a), parts(b)];
  for (let index = 0; index < 3; index += 1) if ((x[index] ?? 0) !== (y[index] ?? 0)) return (x[index] ?? 0) - (y[index] ?? 0);
  return 0;
};
/** The range forms the OpenTelemetry manifests use: `^x.y.z` and space-separated `>=`/`<` bounds. */
function satisfies(version: string, range: string): boolean {
  return range.split(/\s+/).every((comparator) => {
    const match = /^(\^|>=|<=|>|<|=)?(\d+\.\d+\.\d+)$/.exec(comparator);
    if (!match) throw new Error(`unsupported range part "${comparator}" in "${range}"`);
    const [, operator = "=", bound = ""] = match;
    const order = compare(version, bound);
    if (operator === "^") return order >= 0 && parts(version)[0] === parts(bound)[0];
    return { ">=": order >= 0, "<=": order <= 0, ">": order > 0, "<": order < 0, "=": order === 0 }[operator] ?? false;
  });
}
