// The hourly cap per workspace over real HTTP: exact under concurrent clients, hidden tools via
// read_tool/run_tool and natively pinned tools count once each, listing and the skill are free,
// the error says when the window resets, and other workspaces are not affected.
import { describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { serveGateway, textOf } from "./support/gateway-process";
import { clearOfHourTurn } from "../../../tooling/hour-turn.mjs";

const CAP = 40;
const served = serveGateway({ others: ["other"], flags: () => ["--hourly-cap", String(CAP)] });
const clients: Client[] = [];

describe("hourly cap", () => {
  it("allows exactly the cap under concurrent clients, counting each call once", { timeout: 90_000 }, async () => {
    await clearOfHourTurn(45_000); // this test and the next count in one hour
    for (let index = 0; index < 4; index++)
      clients.push(
        await served.open(served.tokens.demo!.readToken, index === 0 ? "workspace" : undefined),
      );
    const [pinned] = clients as [Client];
    // Free: listing tools, searching, describing and reading the skill never count.
    for (let index = 0; index < 30; index++) {
      await pinned.listTools();
      await pinned.callTool({ name: "search_tools", arguments: { query: "orders" } });
      await pinned.callTool({ name: "describe_tool", arguments: { name: "list_domains" } });
      await pinned.readResource({ uri: "amicited://skills/using-amicited" });
    }
    // 10 counted calls one by one: 5 through read_tool, 5 natively pinned.
    for (let index = 0; index < 5; index++) {
      expect(
        (
          await pinned.callTool({
            name: "read_tool",
            arguments: { name: "list_domains", arguments: {} },
          })
        ).isError,
      ).toBeFalsy();
      expect((await pinned.callTool({ name: "list_domains", arguments: {} })).isError).toBeFalsy();
    }
    // Then 60 concurrent calls from four clients: exactly CAP - 10 may pass.
    const calls = Array.from({ length: 60 }, (_, index) => {
      const client = clients[index % clients.length]!;
      // clients[0] (every fourth call) has the workspace toolset pinned: a native call.
      return index % 4 === 0
        ? client.callTool({ name: "list_domains", arguments: {} })
        : client.callTool({
            name: "read_tool",
            arguments: { name: "account_get_workspace", arguments: {} },
          });
    });
    const results = await Promise.all(calls);
    const allowed = results.filter((result) => !result.isError);
    const refused = results.filter((result) => result.isError);
    expect(allowed.length).toBe(CAP - 10);
    expect(refused.length).toBe(60 - (CAP - 10));
    for (const result of refused)
      expect(textOf(result)).toMatch(
        /QUOTA_EXCEEDED: Hourly cap of 40 tool calls reached .* resets at \d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z/,
      );
    // Still free once capped.
    expect((await pinned.listTools()).tools.length).toBeGreaterThan(4);
    expect(
      (await pinned.callTool({ name: "search_tools", arguments: { query: "uptime" } })).isError,
    ).toBeFalsy();
  });

  it("caps each workspace separately", async () => {
    const other = await served.open(served.tokens.other!.readToken);
    expect(
      (
        await other.callTool({
          name: "read_tool",
          arguments: { name: "list_domains", arguments: {} },
        })
      ).isError,
    ).toBeFalsy();
  });
});
