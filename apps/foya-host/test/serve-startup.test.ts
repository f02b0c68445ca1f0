// The start-up wait of `foya serve` (issue 18): initialize is answered at once, and a request
// that needs the registry while an upstream is still starting waits for it, up to the bound
// (min(FOYA_CONNECT_TIMEOUT_MS, STARTUP_LIST_WAIT_MS)), instead of failing or listing nothing.
// The upstream here opens only when the test says so (a gate file), so nothing depends on timing.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ReadResourceResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { removeTemporaryFolders, runFoya, temporaryFolder } from "./support/processes";
import { connectServe, eventually, textOf, type ServeSession } from "./support/serve-client";

const GATED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "__fixtures__/gated-server.mjs");
let session: ServeSession | undefined;

afterEach(async () => {
  await session?.close();
  session = undefined;
  removeTemporaryFolders();
});

async function serveWithGate(env: Record<string, string> = {}): Promise<{ gate: string }> {
  const home = temporaryFolder("startup-home");
  const gate = path.join(temporaryFolder("startup-gate"), "open");
  expect(runFoya(home, ["mcp", "add", "gated", "--", process.execPath, GATED, gate]).status).toBe(0);
  session = await connectServe(home, [], undefined, env);
  await eventually(() => fs.existsSync(`${gate}.started`), 30_000, "the gated server to start");
  return { gate };
}

async function statusOf(client: ServeSession["client"]): Promise<{ servers: Array<{ name: string; state: string }> }> {
  const read = await client.request({ method: "resources/read", params: { uri: "foya://status" } }, ReadResourceResultSchema);
  const first = read.contents[0];
  return JSON.parse(first && "text" in first ? first.text : "{}") as { servers: Array<{ name: string; state: string }> };
}

describe("foya serve start-up", () => {
  it("holds a tools/list sent while an upstream is still starting until it connected, then lists its tools", async () => {
    const { gate } = await serveWithGate();
    const client = session!.client;
    let listed = false;
    const listing = client.listTools().then((result) => {
      listed = true;
      return result;
    });
    // Sent after tools/list on the same ordered stream, answered at once: the list is still held.
    const status = await statusOf(client);
    expect(status.servers).toEqual([expect.objectContaining({ name: "gated", state: "connecting" })]);
    expect(listed).toBe(false);
    fs.writeFileSync(gate, "");
    const names = (await listing).tools.map((tool) => tool.name);
    expect(names).toContain("mcp__gated__late");
    expect(textOf(await client.callTool({ name: "mcp__gated__late", arguments: {} }))).toBe("in time");
  }, 90_000);

  it("answers the held request at the bound when the upstream never comes, without its tools", async () => {
    const { gate } = await serveWithGate({ FOYA_CONNECT_TIMEOUT_MS: "1500" });
    const client = session!.client;
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).not.toContain("mcp__gated__late");
    const status = await statusOf(client);
    expect(status.servers).toEqual([expect.objectContaining({ name: "gated" })]);
    expect(fs.existsSync(gate)).toBe(false);
  }, 90_000);
});
