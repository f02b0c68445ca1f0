// Regression (issue 15, item 3): the stdio transport appended every chunk to one string and
// rescanned it (quadratic, unbounded). Now framing is @foundry-mcp/jsonl's: an answer over the
// frame bound fails that one call with a clear error, and the session stays connected.
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { NodeClientManager } from "../src/node";
import { fixturesDir } from "./helpers";

const upstream = path.join(fixturesDir, "hostile-upstream.mjs");
let manager: NodeClientManager | undefined;

afterEach(async () => {
  await manager?.close();
  manager = undefined;
});

describe("stdio framing over a real child", () => {
  it("fails only the call whose response is over maxFrameBytes and keeps the session", { timeout: 60_000 }, async () => {
    manager = new NodeClientManager({
      config: { servers: { up: { transport: "stdio", command: process.execPath, args: [upstream] } } },
      maxFrameBytes: 1024 * 1024,
      reconnect: { maxAttempts: 0 },
      pingIntervalMs: 0,
    });
    await manager.start();
    expect(manager.status()[0]?.state).toBe("connected");
    const fits = await manager.callTool("mcp__up__big", { bytes: 512 * 1024 });
    expect(fits.isError).toBe(false);
    const tooBig = await manager.callTool("mcp__up__big", { bytes: 3 * 1024 * 1024 });
    expect(tooBig.isError).toBe(true);
    expect(tooBig.errorCode).toBe("REQUEST_FAILED");
    expect(tooBig.content[0]?.text).toMatch(
      /^mcp__up__big failed: MCP error -32600: Server "up" sent a response of \d+ bytes, over the 1 MiB frame bound \(maxFrameBytes\); it was discarded and the session kept\. Ask for less \(a page, a filter\) or raise maxFrameBytes\.$/,
    );
    expect(manager.status()[0]?.state).toBe("connected");
    const after = await manager.callTool("mcp__up__echo", { text: "still here" });
    expect(after.content[0]?.text).toBe("still here");
  });

  it("defaults to an 8 MiB bound", { timeout: 60_000 }, async () => {
    manager = new NodeClientManager({
      config: { servers: { up: { transport: "stdio", command: process.execPath, args: [upstream] } } },
      reconnect: { maxAttempts: 0 },
      pingIntervalMs: 0,
    });
    await manager.start();
    expect((await manager.callTool("mcp__up__big", { bytes: 7 * 1024 * 1024 })).isError).toBe(false);
    const tooBig = await manager.callTool("mcp__up__big", { bytes: 9 * 1024 * 1024 });
    expect(tooBig.content[0]?.text).toContain("over the 8 MiB frame bound (maxFrameBytes)");
    expect((await manager.callTool("mcp__up__echo", { text: "ok" })).content[0]?.text).toBe("ok");
  });
});
