// Regression (issues 15 item 7 and 18): when `foya serve` itself was killed with SIGKILL, a
// server started through `sh -c` that spawns a helper left the helper behind, and a server that
// ignores stdin EOF kept running (ppid 1), on every cycle. The process watchdog now ends their
// groups. 20 cycles; every process is counted by a marker argument (a folder unique to the test).
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { EVERYTHING, FOYA, processesMentioning, removeTemporaryFolders, runFoya, temporaryFolder } from "./support/processes";
import { eventually } from "./support/serve-client";

const STUBBORN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "__fixtures__/stubborn-server.mjs");
const CYCLES = 20;

afterAll(() => {
  removeTemporaryFolders();
});

describe("foya serve killed with SIGKILL", () => {
  it(`leaves no process behind in ${CYCLES} cycles (sh -c with a helper, and a server that ignores stdin EOF and SIGTERM)`, async () => {
    const home = temporaryFolder("watchdog-home");
    const marker = temporaryFolder("watchdog-marker");
    const node = process.execPath;
    const shell = `${JSON.stringify(node)} -e 'setInterval(() => {}, 1000)' helper ${JSON.stringify(marker)} & exec ${JSON.stringify(node)} ${JSON.stringify(EVERYTHING)} stdio ${JSON.stringify(marker)}`;
    expect(runFoya(home, ["mcp", "add", "shelled", "--", "sh", "-c", shell]).status).toBe(0);
    expect(runFoya(home, ["mcp", "add", "stubborn", "--", node, STUBBORN, marker]).status).toBe(0);
    // Per cycle: sh (exec'd into server-everything), its helper, the stubborn server.
    const running = () => processesMentioning(marker).filter((line) => !line.includes(FOYA));
    const seenPerCycle: number[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const before = running().length;
      const foya = spawn(node, [FOYA, "serve"], { env: { ...process.env, FOYA_HOME: home }, stdio: ["pipe", "ignore", "ignore"] });
      await eventually(() => running().length >= before + 3, 20_000, `cycle ${cycle}: servers started`);
      seenPerCycle.push(running().length - before);
      foya.kill("SIGKILL");
      await new Promise((resolve) => foya.once("exit", resolve));
      await eventually(() => running().length === 0, 15_000, `cycle ${cycle}: every server gone (left: ${running().join(" | ")})`);
    }
    expect(seenPerCycle.every((count) => count === 3)).toBe(true);
    expect(running()).toEqual([]);
  }, 600_000);
});
