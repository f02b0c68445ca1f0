// Issue #36 D9: behind Claude Code (`claude mcp add foya`), a tool is shown as
// `mcp__foya__<foya's name>`, and foya's host names (`mcp__<server>__<tool>`, up to 64 characters)
// went over the 64 characters clients and model APIs accept. `--short-names` lists
// `<server>__<tool>`, cut with a hash to fit 64 after the client's prefix; calls by those names work.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { EVERYTHING, LONG_NAMES, removeTemporaryFolders, runFoya, temporaryFolder } from "./support/processes";
import { connectServe, textOf, type ServeSession } from "./support/serve-client";

const sessions: ServeSession[] = [];
let home: string | undefined;

function configured(): string {
  if (home) return home;
  home = temporaryFolder("short-names-home");
  expect(runFoya(home, ["mcp", "add", "incident-tracker", "--", process.execPath, LONG_NAMES]).status).toBe(0);
  expect(runFoya(home, ["mcp", "add", "ev", "--", process.execPath, EVERYTHING, "stdio"]).status).toBe(0);
  return home;
}

async function toolNames(args: string[]): Promise<{ names: string[]; session: ServeSession }> {
  const session = await connectServe(configured(), args);
  sessions.push(session);
  const names = (await session.client.listTools()).tools.map((tool) => tool.name);
  return { names, session };
}

afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close();
});
afterAll(removeTemporaryFolders);

describe("foya serve --short-names", () => {
  it("host names overflow 64 characters under Claude Code's mcp__foya__ prefix", async () => {
    const { names } = await toolNames([]);
    const overflowing = names.filter((name) => `mcp__foya__${name}`.length > 64);
    expect(overflowing).toEqual([expect.stringMatching(/^mcp__incident-tracker__look_up_every_open_incident_for__[0-9a-f]{8}$/)]);
  });

  it("lists <server>__<tool> names that fit 64 characters after mcp__foya__, unique, and calls by them", async () => {
    const { names, session } = await toolNames(["--short-names"]);
    expect(names).toContain("ev__echo");
    expect(names.every((name) => /^[A-Za-z0-9_-]+$/.test(name) && `mcp__foya__${name}`.length <= 64)).toBe(true);
    expect(new Set(names).size).toBe(names.length);
    const incident = names.find((name) => name.startsWith("incident-tracker__"));
    expect(incident).toMatch(/^incident-tracker__look_up_every_open_inciden_[0-9a-f]{8}$/);
    expect(incident).toHaveLength(53);
    expect(textOf(await session.client.callTool({ name: incident!, arguments: {} }))).toBe("no open incidents");
    expect(textOf(await session.client.callTool({ name: "ev__echo", arguments: { message: "short" } }))).toBe("Echo: short");
  });

  it("fits the prefix --client-prefix names", async () => {
    const prefix = "mcp__foya-work-laptop__";
    const { names } = await toolNames(["--short-names", "--client-prefix", prefix]);
    expect(Math.max(...names.map((name) => `${prefix}${name}`.length))).toBe(64);
  });

  it("refuses --client-prefix without --short-names, --short-names with --progressive, and a bad prefix", () => {
    const problems = [
      [["--client-prefix", "mcp__x__"], "--client-prefix needs --short-names"],
      [["--short-names", "--progressive"], "--short-names names the tools of the full list; --progressive lists four fixed tools"],
      [["--short-names", "--client-prefix", "mcp.x"], '--client-prefix may hold only letters, digits, "_" and "-", got "mcp.x"'],
    ] as const;
    for (const [args, message] of problems) {
      const run = runFoya(configured(), ["serve", ...args]);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(message);
    }
  });
});
