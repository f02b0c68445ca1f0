// --upstreams: a real upstream MCP server (stdio, started by the client manager) becomes one more
// toolset behind the same four tools, kinds taken from its annotations, scopes enforced.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { payload, serveGateway, textOf } from "./support/gateway-process";

const UPSTREAM = fileURLToPath(new URL("./__fixtures__/upstream-server.mjs", import.meta.url));
// The upstreams file: a working stdio server and one whose script is missing.
const served = serveGateway({
  flags: (dir) => {
    const file = path.join(dir, "mcp.json");
    fs.writeFileSync(
      file,
      JSON.stringify({
        servers: {
          notes: { transport: "stdio", command: process.execPath, args: [UPSTREAM] },
          broken: {
            transport: "stdio",
            command: process.execPath,
            args: [path.join(dir, "missing.mjs")],
            timeouts: { connectMs: 3000 },
          },
        },
      }),
    );
    return ["--upstreams", file];
  },
});

describe("upstream toolsets", () => {
  it("adds each upstream server as a toolset with kinds from its annotations", async () => {
    const client = await served.open(served.tokens.demo!.readToken);
    const browse = payload(
      await client.callTool({ name: "search_tools", arguments: { query: "", toolset: "notes" } }),
    );
    expect(
      (browse.results as { name: string; kind: string }[]).map(({ name, kind }) => ({
        name,
        kind,
      })),
    ).toEqual([
      { name: "notes_add_note", kind: "write" },
      { name: "notes_list_notes", kind: "read" },
      { name: "notes_wipe_notes", kind: "destructive" },
    ]);
    expect(served.gateway.stderr()).toContain("upstream broken is");
  });

  it("runs upstream tools through read_tool and run_tool with the target's own scope check", async () => {
    const reader = await served.open(served.tokens.demo!.readToken);
    const writer = await served.open(served.tokens.demo!.writeToken, "notes");
    expect(
      textOf(
        await reader.callTool({
          name: "run_tool",
          arguments: { name: "notes_add_note", arguments: { text: "x" } },
        }),
      ),
    ).toContain("SCOPE_DENIED");
    expect(
      textOf(
        await writer.callTool({
          name: "run_tool",
          arguments: { name: "notes_add_note", arguments: { text: "first" } },
        }),
      ),
    ).toBe("saved 1");
    expect(
      textOf(
        await reader.callTool({
          name: "read_tool",
          arguments: { name: "notes_list_notes", arguments: {} },
        }),
      ),
    ).toBe('["first"]');
    expect(
      textOf(
        await reader.callTool({
          name: "read_tool",
          arguments: { name: "notes_wipe_notes", arguments: {} },
        }),
      ),
    ).toContain("KIND_NOT_ALLOWED");
    const natives = (await writer.listTools()).tools.map((tool) => tool.name);
    expect(natives).toContain("notes_wipe_notes");
    expect(textOf(await writer.callTool({ name: "notes_wipe_notes", arguments: {} }))).toBe(
      "wiped",
    );
  });
});
