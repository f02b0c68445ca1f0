// Issue 36, D11: installing the gateway must fetch only what the running Node loads, quietly. npm
// prints EBADENGINE for a required dependency whose `engines` exclude the running Node, and npm 11
// warns about (and runs) every install script; an optional dependency whose `engines` exclude the
// running Node is skipped without a word. So: every required dependency accepts each supported
// Node, and no dependency npm would install has an install script (better-sqlite3 12 compiles
// SQLite for one to two minutes). The Node 20 SQLite release (better-sqlite3-node20) is the user's
// own choice on Node 20 (README), never part of the install.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const manifest = JSON.parse(fs.readFileSync(path.join(appDir, "package.json"), "utf8")) as {
  engines: { node: string };
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
const requireFromApp = createRequire(path.join(appDir, "package.json"));

/** The supported Node releases users run: the lowest Node 20 the manifest allows, 22 and 24. */
const SUPPORTED = ["20.19.0", "22.12.0", "24.0.0"];

const parts = (version: string) => version.split(".").map(Number);
const atLeast = (version: string, floor: string) => {
  const [a, b] = [parts(version), parts(floor)];
  for (let index = 0; index < 3; index++) if ((a[index] ?? 0) !== (b[index] ?? 0)) return (a[index] ?? 0) > (b[index] ?? 0);
  return true;
};
/** Whether `version` satisfies an engines range of the forms these manifests use: `>=A.B`, `N.x`, joined by `||`. */
function accepts(range: string, version: string): boolean {
  return range.split("||").some((alternative) => {
    const term = alternative.trim();
    if (term.startsWith(">=")) return atLeast(version, term.slice(2));
    if (term.endsWith(".x")) return parts(version)[0] === Number(term.slice(0, -2));
    throw new Error(`engines term "${term}" is not one this check reads`);
  });
}

interface Installed {
  name: string;
  engines?: { node?: string };
  scripts?: Record<string, string>;
}
const installed = (name: string): Installed => requireFromApp(`${name}/package.json`) as Installed;
const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall"];

describe("what npm installs with the gateway (issue 36, D11)", () => {
  it("reads the engines forms it checks", () => {
    expect(accepts(">=22", "20.19.0")).toBe(false);
    expect(accepts("20.x || 22.x", "22.12.0")).toBe(true);
    expect(accepts(manifest.engines.node, SUPPORTED[0]!)).toBe(true);
  });

  it("every required dependency accepts each supported Node, so npm prints no EBADENGINE", () => {
    const refused = Object.keys(manifest.dependencies ?? {}).flatMap((name) => {
      const range = installed(name).engines?.node;
      return range === undefined ? [] : SUPPORTED.filter((node) => !accepts(range, node)).map((node) => `${name} (${range}) on Node ${node}`);
    });
    expect(refused).toEqual([]);
  });

  it("no dependency npm installs on a supported Node runs an install script (nothing compiles, no allowScripts warning)", () => {
    const all = { ...manifest.dependencies, ...manifest.optionalDependencies };
    const scripted = Object.keys(all).flatMap((name) => {
      const found = installed(name);
      const scripts = INSTALL_SCRIPTS.filter((script) => found.scripts?.[script] !== undefined);
      return scripts.length === 0 ? [] : [`${name}: ${scripts.join(", ")}`];
    });
    expect(scripted).toEqual([]);
  });

  it("the SQLite driver is optional and installs only on the Node that loads it (better-sqlite3 13 on Node 22 and newer)", () => {
    expect(manifest.dependencies?.["better-sqlite3"]).toBeUndefined();
    expect(manifest.optionalDependencies).toEqual({ "better-sqlite3": "13.2.0" });
    const range = installed("better-sqlite3").engines!.node!;
    expect(SUPPORTED.map((node) => accepts(range, node))).toEqual([false, true, true]);
  });
});
