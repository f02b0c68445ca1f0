import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleRegions, functionLocation, groupedSelfUs, moduleName, selfTimes, selfTimesByLocation } from "../cpu-profile.mjs";

// A file shaped like an esbuild bundle: each module's code under its `// <path>` line, one module
// split in two parts (esbuild does that when it hoists), and a string holding a marker-like line
// (not after an empty line, which esbuild always leaves above a marker).
const BUNDLE = `import { inspect } from "node:util";
const started = Date.now();

// ../../packages/telemetry/dist/index.js
function spinInTelemetry(until) { let n = 0; while (Date.now() < until) n += 1; return n; }

// src/server/handler.ts
const text = \`
// ../../packages/not-a-marker/dist/index.js
\`;
function spinInHandler(until) { let n = 0; while (Date.now() < until) n += 1; return n; }

// ../../node_modules/.pnpm/@modelcontextprotocol+sdk@1.32.2/node_modules/@modelcontextprotocol/sdk/dist/esm/server/index.js
function spinInSdk(until) { let n = 0; while (Date.now() < until) n += 1; return n; }
function encodeInSdk(until) { const value = { list: Array.from({ length: 50 }, (_, i) => ({ i, text: "x".repeat(20) })) }; let n = 0; while (Date.now() < until) n += inspect(value, { depth: 3 }).length; return n; }

// ../../packages/telemetry/dist/index.js
for (let round = 0; round < 20; round += 1) {
  spinInTelemetry(Date.now() + 10);
  spinInHandler(Date.now() + 10);
  spinInSdk(Date.now() + 10);
  encodeInSdk(Date.now() + 10);
}
void text, started;
`;

const folder = mkdtempSync(path.join(os.tmpdir(), "cpu-profile-test-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("cpu-profile", () => {
  it("names a bundled module by its package or its source file", () => {
    expect(moduleName("../../node_modules/.pnpm/kysely@0.28.2/node_modules/kysely/dist/esm/index.js")).toBe("kysely");
    expect(moduleName("../../node_modules/.pnpm/@hono+node-server@1.19.9/node_modules/@hono/node-server/dist/index.mjs")).toBe("@hono/node-server");
    expect(moduleName("../../packages/telemetry/dist/index.js")).toBe("packages/telemetry");
    expect(moduleName("src/server/handler.ts")).toBe("src/server/handler.ts");
  });

  it("reads the module regions from the bundle's marker lines, not from marker-like text in a string", () => {
    const bundle = path.join(folder, "regions.mjs");
    writeFileSync(bundle, BUNDLE);
    expect(bundleRegions(bundle)).toEqual([
      { line: 3, module: "packages/telemetry" },
      { line: 6, module: "src/server/handler.ts" },
      { line: 12, module: "@modelcontextprotocol/sdk" },
      { line: 16, module: "packages/telemetry" },
    ]);
  });

  it("places a real profile's samples in the module their function was bundled from", () => {
    const bundle = path.join(folder, "app.mjs");
    writeFileSync(bundle, BUNDLE);
    const profiles = path.join(folder, "profiles");
    execFileSync(process.execPath, ["--cpu-prof", "--cpu-prof-dir", profiles, "--cpu-prof-interval", "250", bundle]);
    const [file] = readdirSync(profiles);
    const { functions, busyUs } = selfTimes(JSON.parse(readFileSync(path.join(profiles, file), "utf8")), bundle);
    const moduleOf = (name: string) => functions.filter((entry) => entry.functionName === name).map((entry) => entry.module);
    expect(moduleOf("spinInTelemetry")).toEqual(["packages/telemetry"]);
    expect(moduleOf("spinInHandler")).toEqual(["src/server/handler.ts"]);
    expect(moduleOf("spinInSdk")).toEqual(["@modelcontextprotocol/sdk"]);
    const byModule = groupedSelfUs(functions, (entry) => entry.module);
    // Each spin ran 200 ms of the process's busy time (the sdk's two 400 ms), so each module holds a real part of it.
    for (const module of ["packages/telemetry", "src/server/handler.ts", "@modelcontextprotocol/sdk"]) expect(byModule.get(module)).toBeGreaterThan(busyUs / 10);
    expect(functions.some((entry) => entry.functionName === "(idle)")).toBe(false);
    // util.inspect is Node's own JavaScript (node:internal/…): its samples count for the bundled function that called it.
    const encode = functions.find((entry) => entry.functionName === "encodeInSdk");
    expect(encode?.module).toBe("@modelcontextprotocol/sdk");
    expect(encode?.runtimeUs).toBeGreaterThan(encode?.selfUs ?? 0);
    expect(functions.some((entry) => entry.functionName === "formatValue")).toBe(false);
    const ownOnly = groupedSelfUs(functions, (entry) => entry.module, false).get("@modelcontextprotocol/sdk") ?? 0;
    expect(byModule.get("@modelcontextprotocol/sdk")).toBeGreaterThan(ownOnly);
  });

  it("places the samples of a split bundle's chunks (dist/chunks/*.mjs) by the chunk's own markers", async () => {
    const dist = path.join(folder, "split");
    mkdirSync(path.join(dist, "chunks"), { recursive: true });
    const entry = path.join(dist, "app.mjs");
    writeFileSync(
      path.join(dist, "chunks", "streamableHttp-TEST.mjs"),
      `\n// ../../node_modules/.pnpm/@hono+node-server@2.1.9/node_modules/@hono/node-server/dist/index.mjs\nexport function spinInHono(until) { let n = 0; while (Date.now() < until) n += 1; return n; }\n`,
    );
    writeFileSync(entry, `\n// src/server/http.ts\nconst { spinInHono } = await import("./chunks/streamableHttp-TEST.mjs");\nspinInHono(Date.now() + 200);\n`);
    const profiles = path.join(folder, "split-profiles");
    execFileSync(process.execPath, ["--cpu-prof", "--cpu-prof-dir", profiles, "--cpu-prof-interval", "250", entry]);
    const [file] = readdirSync(profiles);
    const { functions } = selfTimes(JSON.parse(readFileSync(path.join(profiles, file as string), "utf8")), entry);
    expect(functions.filter((found) => found.functionName === "spinInHono").map((found) => found.module)).toEqual(["@hono/node-server"]);
  });

  it("names a function by its name, file and 1-based line, or by its bare name without a script", () => {
    expect(functionLocation({ functionName: "encode", url: "file:///work/packages/telemetry/dist/index.js", lineNumber: 41 })).toBe("encode (dist/index.js:42)");
    expect(functionLocation({ functionName: "", url: "file:///tmp/probe/run.mjs", lineNumber: 0 })).toBe("(anonymous) (probe/run.mjs:1)");
    expect(functionLocation({ functionName: "(garbage collector)", url: "", lineNumber: -1 })).toBe("(garbage collector)");
  });

  it("sums an unbundled script's self time by function location, each sample for the function it landed in, within the window", () => {
    // Two functions of one name on two lines: a module's name would lump them, their locations do not.
    const script = path.join(folder, "probe", "spins.mjs");
    mkdirSync(path.dirname(script), { recursive: true });
    writeFileSync(
      script,
      `const spin = (until) => { let n = 0; while (Date.now() < until) n += 1; return n; };
const first = { spin(until) { let n = 0; while (Date.now() < until) n += 1; return n; } };
const second = { spin(until) { let n = 0; while (Date.now() < until) n += 1; return n; } };
for (let round = 0; round < 10; round += 1) { first.spin(Date.now() + 10); second.spin(Date.now() + 10); }
await new Promise((resolve) => setTimeout(resolve, 100));
void spin;
`,
    );
    const profiles = path.join(folder, "probe-profiles");
    execFileSync(process.execPath, ["--cpu-prof", "--cpu-prof-dir", profiles, "--cpu-prof-interval", "250", script]);
    const [file] = readdirSync(profiles);
    const profile = JSON.parse(readFileSync(path.join(profiles, file as string), "utf8"));
    const times = selfTimesByLocation(profile);
    // Each spin ran ~100 ms; the process's 100 ms wait is idle and left out.
    expect(times.get("spin (probe/spins.mjs:2)")).toBeGreaterThan(50_000);
    expect(times.get("spin (probe/spins.mjs:3)")).toBeGreaterThan(50_000);
    expect(times.has("(idle)")).toBe(false);
    // The same samples as selfTimes counts busy, without a bundle to hand the runtime's work to.
    const total = [...times.values()].reduce((sum, us) => sum + us, 0);
    expect(total).toBe(selfTimes(profile, path.join(folder, "no-bundle", "none.mjs")).busyUs);
    // A window before the profile started holds no sample.
    expect(selfTimesByLocation(profile, 0, profile.startTime - 1).size).toBe(0);
  });
});
