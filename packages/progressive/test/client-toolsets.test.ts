// The bridge over a real NodeClientManager and a real stdio upstream (mixed-upstream.mjs):
// toolsets per server, kinds from annotations, calls reaching the server, a 2020-12 schema run.
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NodeClientManager } from "@foundry-mcp/client-manager/node";
import { ToolCatalog } from "@foundry-mcp/tool-catalog";
import { ClientToolsets, createProgressiveSurface } from "../src/index";

const UPSTREAM = fileURLToPath(new URL("./__fixtures__/mixed-upstream.mjs", import.meta.url));
const WRITER = { workspace: "w", scope: "write" as const };
let manager: NodeClientManager;

beforeAll(async () => {
  manager = new NodeClientManager({
    config: { servers: { "Mixed-Up": { transport: "stdio", command: process.execPath, args: [UPSTREAM] } } },
    credentials: { getToken: () => undefined },
    reconnect: { maxAttempts: 0 },
    pingIntervalMs: 0,
  });
  await manager.start();
  expect(manager.status()[0]?.state).toBe("connected");
});

afterAll(async () => {
  await manager?.close();
});

const textOf = (result: { content: Array<{ text?: string }> }): string => result.content.map((block) => block.text ?? "").join("");

describe("ClientToolsets", () => {
  it("registers one toolset per server, kinds from annotations, under either naming", () => {
    for (const names of ["host", "prefixed"] as const) {
      const catalog = new ToolCatalog();
      const bridge = new ClientToolsets(catalog, manager, { names });
      const report = bridge.sync();
      expect(bridge.toolsets()).toEqual({ "Mixed-Up": "mixed_up" });
      expect(catalog.toolsets()[0]).toMatchObject({ name: "mixed_up", title: "MCP server Mixed-Up", description: "Tools of the MCP server Mixed-Up." });
      const kinds = Object.fromEntries(catalog.list().map((tool) => [tool.name, tool.kind]));
      const prefix = names === "host" ? "mcp__Mixed-Up__" : "mixed_up_";
      expect(kinds).toEqual({ [`${prefix}add_item`]: "write", [`${prefix}lookup`]: "read", [`${prefix}purge`]: "destructive", [`${prefix}touch`]: "destructive" });
      expect(report.registered).toHaveLength(4);
      expect(bridge.sync()).toEqual({ registered: [], skipped: [] });
    }
  });

  it("keeps a taken toolset name free and reports tools it cannot register", () => {
    const catalog = new ToolCatalog();
    catalog.defineToolset({ name: "mixed_up", prefix: "mixed_up_", title: "Taken", description: "" });
    const bridge = new ClientToolsets(catalog, manager, { names: "prefixed" });
    bridge.sync();
    expect(bridge.toolsets()).toEqual({ "Mixed-Up": "upstream_mixed_up" });
    expect(catalog.get("upstream_mixed_up_lookup")?.kind).toBe("read");
  });

  // Regression: a 2020-12 `$schema` made every call fail with "no schema with key or ref".
  it("runs the upstream tool whose schema declares JSON Schema 2020-12, and checks its arguments", async () => {
    const catalog = new ToolCatalog<typeof WRITER>();
    new ClientToolsets(catalog, manager).sync();
    const surface = createProgressiveSurface({ catalog });
    const ran = await surface.callTool("read_tool", { name: "mcp__Mixed-Up__lookup", arguments: { key: "k1" } }, WRITER);
    expect(ran).toEqual({ content: [{ type: "text", text: "value of k1" }], isError: false });
    expect(textOf(await surface.callTool("run_tool", { name: "mcp__Mixed-Up__lookup", arguments: { key: "" } }, WRITER))).toBe(
      "INVALID_ARGUMENTS: Invalid arguments for mcp__Mixed-Up__lookup: `key` must not be empty. Call describe_tool for its input schema.",
    );
    expect(textOf(await surface.callTool("run_tool", { name: "mcp__Mixed-Up__add_item", arguments: { text: "a" } }, WRITER))).toBe("added 1");
  });

  it("sends calls through the host's own call when given", async () => {
    const catalog = new ToolCatalog<typeof WRITER>();
    const seen: string[] = [];
    new ClientToolsets(catalog, manager, {
      call: async (tool) => {
        seen.push(tool.hostName);
        return { content: [{ type: "text", text: "declined" }], isError: true };
      },
    }).sync();
    expect(await catalog.run("mcp__Mixed-Up__purge", {}, WRITER)).toEqual({ content: [{ type: "text", text: "declined" }], isError: true });
    expect(seen).toEqual(["mcp__Mixed-Up__purge"]);
  });
});
