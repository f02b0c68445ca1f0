// Regression (issue 15, item 5): a SIGKILLed HTTP upstream showed "connected" until the next
// ping (30 s) although a call to it failed in half a second. A remote transport's own error (its
// event stream dropped) now triggers a ping at once, so status turns to error within a second.
import { afterEach, describe, expect, it } from "vitest";
import { NodeClientManager } from "../src/node";
import { CONNECTION_LOST, startEverythingHttp, waitUntil } from "./helpers";

let manager: NodeClientManager | undefined;
afterEach(async () => {
  await manager?.close();
  manager = undefined;
});

describe("liveness of a remote upstream", () => {
  it("shows a SIGKILLed Streamable HTTP server as error long before the next ping", { timeout: 60_000 }, async () => {
    const http = await startEverythingHttp("streamableHttp");
    try {
      manager = new NodeClientManager({
        config: { servers: { web: { transport: "streamable_http", url: `http://127.0.0.1:${http.port}/mcp` } } },
        pingIntervalMs: 600_000,
        reconnect: { maxAttempts: 0 },
      });
      await manager.start();
      expect(manager.status()[0]?.state).toBe("connected");
      await http.stop();
      // Far below the ping interval: only the transport's own error can have told the manager.
      expect(await waitUntil(() => manager?.status()[0]?.state === "error", 5_000)).toBe(true);
      expect(manager.status()[0]?.lastError).toMatch(new RegExp(`^Server "web" stopped answering: .*${CONNECTION_LOST}`));
    } finally {
      await http.stop();
    }
  });
});
