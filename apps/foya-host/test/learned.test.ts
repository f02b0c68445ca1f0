// What `foya serve --progressive` learned, in the user's hands: `foya learned list|forget` on a
// real home file, serves sharing one home following each other's learning and a forget, and
// `--no-learning`. Real processes of the built CLI, server-everything as the upstream.
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { EVERYTHING, FOYA, removeTemporaryFolders, runFoya, temporaryFolder } from "./support/processes";
import { connectServe, eventually, textOf, type ServeSession } from "./support/serve-client";

const SUM = "mcp__ev__get-sum";
const ECHO = "mcp__ev__echo";
const sessions: ServeSession[] = [];

/** A home with server-everything as "ev" and, when given, a learned-requests.json holding `learned` (oldest first). */
function homeWith(prefix: string, learned?: Array<{ tool: string; request: string }>): string {
  const home = temporaryFolder(prefix);
  expect(runFoya(home, ["mcp", "add", "ev", "--", process.execPath, EVERYTHING, "stdio"]).status).toBe(0);
  if (learned !== undefined) fs.writeFileSync(path.join(home, "learned-requests.json"), `${JSON.stringify({ learned }, null, 2)}\n`, { mode: 0o600 });
  return home;
}

async function serve(home: string, args: string[], env: Record<string, string> = {}): Promise<ServeSession> {
  const session = await connectServe(home, ["--progressive", ...args], undefined, env);
  sessions.push(session);
  return session;
}

const firstFound = async (session: ServeSession, query: string): Promise<string | undefined> =>
  ((await session.client.callTool({ name: "search_tools", arguments: { query } })).structuredContent as { results: Array<{ name: string }> }).results[0]?.name;

beforeAll(() => {
  expect(fs.existsSync(FOYA), `build first: ${FOYA}`).toBe(true);
});

afterEach(async () => {
  for (const session of sessions.splice(0)) await session.close().catch(() => undefined);
});

afterAll(() => removeTemporaryFolders());

describe("foya learned list", () => {
  const pairs = [
    { tool: SUM, request: "tot up two numbers" },
    { tool: "mcp__mem__memory_search", request: "what did we decide about queues" },
    { tool: ECHO, request: "say it back to me" },
  ];

  it("prints the pairs newest first, the tool as foya serve shows it, as a table or JSON", () => {
    const home = homeWith("learned-list", pairs);
    const listed = runFoya(home, ["learned", "list"]);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toBe(
      [
        "tool                     request",
        "mcp__ev__echo            say it back to me",
        "mcp__mem__memory_search  what did we decide about queues",
        "mcp__ev__get-sum         tot up two numbers",
        "",
      ].join("\n"),
    );
    const json = runFoya(home, ["learned", "list", "--json"]);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({ file: path.join(home, "learned-requests.json"), learned: [...pairs].reverse() });
  });

  it("keeps one server's with --server; a server not configured lists nothing and is no error", () => {
    const home = homeWith("learned-server", pairs);
    expect(runFoya(home, ["learned", "list", "--server", "ev"]).stdout).toBe(
      ["tool              request", "mcp__ev__echo     say it back to me", "mcp__ev__get-sum  tot up two numbers", ""].join("\n"),
    );
    // "mem" is not in mcp.json, but its pairs are still in the file: they are listed (and can be forgotten).
    expect(JSON.parse(runFoya(home, ["learned", "list", "--server", "mem", "--json"]).stdout).learned).toEqual([pairs[1]]);
    const none = runFoya(home, ["learned", "list", "--server", "nowhere"]);
    expect(none.status).toBe(0);
    expect(none.stdout).toBe(`No learned requests for server "nowhere" in ${path.join(home, "learned-requests.json")}. foya serve --progressive learns them from its client's searches.\n`);
  });

  it("says there are none in a home that has no file, and creates nothing", () => {
    const home = temporaryFolder("learned-none");
    const listed = runFoya(home, ["learned", "list"]);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toBe(`No learned requests in ${path.join(home, "learned-requests.json")}. foya serve --progressive learns them from its client's searches.\n`);
    expect(fs.readdirSync(home)).toEqual([]);
  });

  it("refuses bad flags and a broken file with one clear line", () => {
    const home = homeWith("learned-bad", pairs);
    const badName = runFoya(home, ["learned", "list", "--server", "a__b"]);
    expect(badName.status).toBe(2);
    expect(badName.stderr).toBe(`foya: --server: Server name "a__b" must be 1-32 letters, digits, "-" or single "_" ("__" separates the parts of host tool names); rename it. Run: foya learned list --help\n`);
    const unknown = runFoya(home, ["learned", "list", "--tool", SUM]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe("foya: Unknown option --tool for foya learned list. Run: foya learned list --help\n");
    const missing = runFoya(home, ["learned"]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe("foya: foya learned needs a subcommand: list or forget. Run: foya learned --help\n");
    fs.writeFileSync(path.join(home, "learned-requests.json"), "{ not json");
    const broken = runFoya(home, ["learned", "list"]);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/^foya: .*learned-requests\.json is not valid JSON \(.*\); fix or remove it\n$/);
  });

  it("prints its own help", () => {
    const help = runFoya(temporaryFolder("learned-help"), ["learned", "list", "--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: foya learned list \[--server S\] \[--json\]\n/);
    expect(runFoya(temporaryFolder("learned-help"), ["learned", "--help"]).stdout).toMatch(/^Usage: foya learned <subcommand> \[options\]\n/);
  });
});

describe("foya learned forget", () => {
  const pairs = [
    { tool: SUM, request: "tot up two numbers" },
    { tool: SUM, request: "add these up" },
    { tool: "mcp__mem__memory_search", request: "what did we decide about queues" },
    { tool: ECHO, request: "say it back to me" },
  ];
  const kept = (home: string): unknown => JSON.parse(fs.readFileSync(path.join(home, "learned-requests.json"), "utf8")).learned;

  it("forgets one tool's, one server's or all, and prints how many", () => {
    const home = homeWith("forget", pairs);
    const tool = runFoya(home, ["learned", "forget", "--tool", SUM]);
    expect([tool.status, tool.stdout]).toEqual([0, `Forgot 2 learned requests for tool ${SUM}.\n`]);
    expect(kept(home)).toEqual([pairs[2], pairs[3]]);
    expect(runFoya(home, ["learned", "forget", "--server", "ev"]).stdout).toBe('Forgot 1 learned request for server "ev".\n');
    expect(kept(home)).toEqual([pairs[2]]);
    expect(runFoya(home, ["learned", "forget", "--server", "nowhere"]).stdout).toBe('Forgot 0 learned requests for server "nowhere".\n');
    expect(runFoya(home, ["learned", "forget"]).stdout).toBe("Forgot 1 learned request.\n");
    expect(kept(home)).toEqual([]);
    expect(fs.statSync(path.join(home, "learned-requests.json")).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(path.join(home, "mcp.lock"))).toBe(false);
  });

  it("refuses --server with --tool, an empty --tool and a broken file, changing nothing", () => {
    const home = homeWith("forget-bad", pairs);
    const both = runFoya(home, ["learned", "forget", "--server", "ev", "--tool", SUM]);
    expect(both.status).toBe(2);
    expect(both.stderr).toBe("foya: --server and --tool cannot be given together; pick one. Run: foya learned forget --help\n");
    const empty = runFoya(home, ["learned", "forget", "--tool="]);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toBe("foya: --tool must be a tool name of 1-128 characters as foya learned list shows it (mcp__<server>__<tool>), got 0 characters. Run: foya learned forget --help\n");
    expect(kept(home)).toEqual(pairs);
    fs.writeFileSync(path.join(home, "learned-requests.json"), "{ not json");
    const broken = runFoya(home, ["learned", "forget"]);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/^foya: .*learned-requests\.json is not valid JSON \(.*\); fix or remove it\n$/);
    expect(fs.readFileSync(path.join(home, "learned-requests.json"), "utf8")).toBe("{ not json");
  });
});

describe("serves sharing one home follow learned-requests.json", () => {
  it("a pair learned through one serve is found first through the other, and a forget reaches both", async () => {
    const home = homeWith("follow");
    const env = { FOYA_LEARNED_REFRESH_MS: "200" };
    const [teacher, other] = await Promise.all([serve(home, [], env), serve(home, [], env)]);
    const later = "tot up my figures";
    expect(await firstFound(other, later)).not.toBe(SUM);
    expect(await firstFound(teacher, later)).not.toBe(SUM);
    // The teacher's client searches, then runs a tool that search showed.
    const shown = ((await teacher.client.callTool({ name: "search_tools", arguments: { query: "tot up two numbers" } })).structuredContent as { results: Array<{ name: string }> }).results;
    expect(shown.map((result) => result.name)).toContain(SUM);
    expect(textOf(await teacher.client.callTool({ name: "run_tool", arguments: { name: SUM, arguments: { a: 1, b: 2 } } }))).toContain("3");
    await eventually(async () => (await firstFound(other, later)) === SUM, 20_000, "the other serve to find get-sum first");
    await eventually(async () => (await firstFound(teacher, later)) === SUM, 20_000, "the teaching serve to find get-sum first");

    const forgot = runFoya(home, ["learned", "forget", "--tool", SUM]);
    expect(forgot.stdout).toBe(`Forgot 1 learned request for tool ${SUM}.\n`);
    await eventually(async () => (await firstFound(other, later)) !== SUM, 20_000, "the other serve to drop the forgotten words");
    await eventually(async () => (await firstFound(teacher, later)) !== SUM, 20_000, "the teaching serve to drop the forgotten words");
    // Neither serve writes the forgotten pair back.
    expect(JSON.parse(fs.readFileSync(path.join(home, "learned-requests.json"), "utf8"))).toEqual({ learned: [], forgets: [{ tool: SUM, generation: 1 }] });
  });

  it("a forget wins over a pair the serve learned but could not write yet", async () => {
    // regression: the serve's next write put the forgotten pair back, and it kept ranking by it.
    const home = homeWith("forget-unwritten");
    const file = path.join(home, "learned-requests.json");
    const session = await serve(home, [], { FOYA_LEARNED_REFRESH_MS: "200" });
    const later = "tot up my figures";
    expect(await firstFound(session, later)).not.toBe(SUM);
    // A folder where the file goes: every write of the serve fails for real (it renames a new file onto the path).
    fs.mkdirSync(file);
    await session.client.callTool({ name: "search_tools", arguments: { query: "tot up two numbers" } });
    expect(textOf(await session.client.callTool({ name: "run_tool", arguments: { name: SUM, arguments: { a: 1, b: 2 } } }))).toContain("3");
    await eventually(async () => (await firstFound(session, later)) === SUM, 20_000, "the serve to find get-sum first by what it learned");
    expect(session.stderr()).toMatch(/1 learned request not yet kept in .*learned-requests\.json \(tried again later\)/);

    // The serve only tries again when its catalog is used: nothing uses it from here to the forget.
    fs.rmdirSync(file);
    const forgot = runFoya(home, ["learned", "forget", "--tool", SUM]);
    expect(forgot.stdout).toBe(`Forgot 0 learned requests for tool ${SUM}.\n`);
    await eventually(async () => (await firstFound(session, later)) !== SUM, 20_000, "the serve to drop the forgotten words");
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({ learned: [], forgets: [{ tool: SUM, generation: 1 }] });
  });
});

describe("foya serve --progressive --no-learning", () => {
  it("does not read a file already there and leaves it as it was after a search and describe", async () => {
    const home = homeWith("no-learning", [{ tool: SUM, request: "tot up my figures" }]);
    const file = path.join(home, "learned-requests.json");
    const before = { text: fs.readFileSync(file, "utf8"), mtime: fs.statSync(file, { bigint: true }).mtimeNs };
    const session = await serve(home, ["--no-learning"], { FOYA_LEARNED_REFRESH_MS: "0" });
    expect(await firstFound(session, "tot up my figures")).not.toBe(SUM);
    expect(await firstFound(session, "add two numbers")).toBe(SUM);
    await session.client.callTool({ name: "describe_tool", arguments: { name: SUM } });
    expect(textOf(await session.client.callTool({ name: "run_tool", arguments: { name: SUM, arguments: { a: 1, b: 2 } } }))).toContain("3");
    expect(await firstFound(session, "tot up my figures")).not.toBe(SUM);
    expect({ text: fs.readFileSync(file, "utf8"), mtime: fs.statSync(file, { bigint: true }).mtimeNs }).toEqual(before);
    expect(session.stderr()).toContain("; progressive, not learning; on stdio.");
  });

  it("stores nothing in a home that has no file", async () => {
    const home = homeWith("no-learning-empty");
    const session = await serve(home, ["--no-learning"]);
    expect(await firstFound(session, "add two numbers")).toBe(SUM);
    await session.client.callTool({ name: "describe_tool", arguments: { name: SUM } });
    await session.close();
    expect(fs.existsSync(path.join(home, "learned-requests.json"))).toBe(false);
  });

  it("is refused without --progressive, and a bad FOYA_LEARNED_REFRESH_MS is refused", () => {
    const home = homeWith("no-learning-usage");
    const alone = runFoya(home, ["serve", "--no-learning"]);
    expect(alone.status).toBe(2);
    expect(alone.stderr).toBe("foya: --no-learning needs --progressive (only its search learns). Run: foya serve --help\n");
    const badRefresh = runFoya(home, ["serve", "--progressive"], { FOYA_LEARNED_REFRESH_MS: "soon" });
    expect(badRefresh.status).toBe(2);
    expect(badRefresh.stderr).toBe('foya: FOYA_LEARNED_REFRESH_MS must be a whole number of milliseconds from 0 to 3600000, got "soon". Run: foya serve --help\n');
  });
});
