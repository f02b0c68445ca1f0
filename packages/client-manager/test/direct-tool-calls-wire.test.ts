// Which calls take client-manager's direct tool calls (decision 0044), over a real stdio server
// that answers with the id each call arrived under: a plain call does (`direct-<n>`); a call with
// a progress sink and a tool with an output schema stay on the SDK Client (numbered ids).
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { NodeClientManager } from "../src/node/node-client-manager";
import { fixturesDir } from "./helpers";

const ids = { transport: "stdio" as const, command: process.execPath, args: [path.join(fixturesDir, "request-id-server.mjs")] };
let manager: NodeClientManager | undefined;

afterEach(async () => {
  await manager?.close();
  manager = undefined;
});

describe("direct tool calls on the wire", () => {
  it("writes plain calls itself and leaves progress and output schemas to the SDK Client", async () => {
    manager = new NodeClientManager({ config: { servers: { ids } }, pingIntervalMs: 0 });
    await manager.start();
    const textOf = (result: { content: Array<{ type: string; text?: unknown }> }) => result.content.map((block) => block.text);
    expect(textOf(await manager.callTool("mcp__ids__plain_id", {}))).toEqual(['"direct-1"']);
    expect(textOf(await manager.callTool("mcp__ids__plain_id", {}))).toEqual(['"direct-2"']);
    const withProgress = await manager.callTool("mcp__ids__plain_id", {}, { onProgress: () => undefined });
    expect(textOf(withProgress)[0]).toMatch(/^\d+$/);
    const typed = await manager.callTool("mcp__ids__typed_id", {});
    expect(typed.isError).toBe(false);
    expect(typed.structuredContent?.id).toEqual(expect.any(Number));
  });
});
