// --version and --help of the built bin, long and short: the version from package.json on stdout
// with exit 0 (it used to exit 2 with "--version needs a value"), and the usage text.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { GATEWAY, requireBuild } from "./support/gateway-process";

const { version } = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
const run = (...args: string[]) => spawnSync(process.execPath, [GATEWAY, ...args], { encoding: "utf8", timeout: 60_000 });

beforeAll(requireBuild);

describe("amicited-gateway --version / --help", () => {
  it.each([["--version"], ["-v"], ["serve", "--version"]])("%s prints the package version and exits 0", (...args) => {
    const result = run(...args);
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe(`${version}\n`);
    expect(result.status).toBe(0);
  });

  it.each([["--help"], ["-h"]])("%s prints the usage, naming --version, and exits 0", (flag) => {
    const result = run(flag);
    expect(result.status).toBe(0);
    expect(result.stdout.startsWith("usage:\n  amicited-gateway --version | --help\n  amicited-gateway init --data DIR\n")).toBe(true);
  });
});
