// The clientInfo a real server receives in initialize: the package's own name and version by
// default (it used to be {name: "foya"} for every host), the host's own when given.
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_CLIENT_INFO } from "../src/index";
import { NodeClientManager } from "../src/node";
import packageJson from "../package.json" with { type: "json" };
import { fixturesDir } from "./helpers";

const SERVER = path.join(fixturesDir, "client-info-server.mjs");
const managers: NodeClientManager[] = [];

async function whoami(clientInfo?: { name: string; version: string }): Promise<unknown> {
  const manager = new NodeClientManager({
    config: { servers: { info: { transport: "stdio", command: process.execPath, args: [SERVER] } } },
    reconnect: { maxAttempts: 0 },
    pingIntervalMs: 0,
    ...(clientInfo ? { clientInfo } : {}),
  });
  managers.push(manager);
  await manager.start();
  const result = await manager.callTool("mcp__info__whoami", {});
  return JSON.parse(String(result.content[0]?.text));
}

afterEach(async () => {
  for (const manager of managers.splice(0)) await manager.close();
});

describe("clientInfo", () => {
  it("defaults to the package's own name and version", async () => {
    expect(DEFAULT_CLIENT_INFO).toEqual({ name: "@foundry-mcp/client-manager", version: packageJson.version });
    expect(await whoami()).toEqual({ name: "@foundry-mcp/client-manager", version: packageJson.version });
  });

  it("sends the host's own when given", async () => {
    expect(await whoami({ name: "my-host", version: "2.3.4" })).toEqual({ name: "my-host", version: "2.3.4" });
  });
});
