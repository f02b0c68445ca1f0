// Issue #33: OpenTelemetry export needs no OpenTelemetry package. @foundry-mcp/telemetry records
// spans and histograms itself and posts them as OTLP/HTTP JSON (docs/decisions/0016), so no app
// and no library lists an @opentelemetry package in any dependency field (they were optional peers
// an operator had to install with a printed npm command), no bundle keeps one external, and the
// published declarations import none.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const FIELDS = ["dependencies", "optionalDependencies", "peerDependencies", "peerDependenciesMeta", "devDependencies"] as const;
type Manifest = Partial<Record<(typeof FIELDS)[number], Record<string, unknown>>>;
const manifestOf = (folder: string): Manifest => JSON.parse(readFileSync(path.join(root, folder, "package.json"), "utf8")) as Manifest;

describe("OpenTelemetry export installs no @opentelemetry package", () => {
  it.each(["apps/amicited-gateway", "apps/foya-host", "apps/foundry-server", "packages/telemetry", "packages/client-manager", "packages/server-kit"])(
    "%s lists none in any dependency field",
    (folder) => {
      const manifest = manifestOf(folder);
      for (const field of FIELDS) expect(Object.keys(manifest[field] ?? {}).filter((name) => name.startsWith("@opentelemetry/")), `${folder} ${field}`).toEqual([]);
    },
  );

  it("keeps none external in the app bundles", () => {
    for (const config of ["apps/amicited-gateway/tsup.config.ts", "apps/foya-host/tsup.config.ts", "apps/foundry-server/tsup.config.ts", "tooling/tsup.base.ts"])
      expect(readFileSync(path.join(root, config), "utf8"), config).not.toMatch(/opentelemetry|OTEL_PACKAGES/);
  });

  it("leaves them out of @foundry-mcp/telemetry's source and published declarations", () => {
    const declarations = readFileSync(path.join(root, "packages/telemetry/dist/index.d.ts"), "utf8");
    expect(declarations.match(/from ["']@opentelemetry\/[^"']+["']/g) ?? []).toEqual([]);
    const bundle = readFileSync(path.join(root, "packages/telemetry/dist/index.js"), "utf8");
    expect(bundle.match(/["']@opentelemetry\/[^"']+["']/g) ?? []).toEqual([]);
  });
});
