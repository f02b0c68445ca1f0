// Issue #36 R8: foya relayed a notification flood at full speed (352,465 notifications/message in
// 25 s from one upstream, foya at 97 % CPU). Now each upstream's notifications pass a per-server
// limit (50 a second after a burst of 200); what is over it is dropped, counted, told to the
// client once a second as one warning, and shown in the status. Every message is accounted for:
// relayed plus reported dropped equals what the upstream sent.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, describe, expect, it } from "vitest";
import { removeTemporaryFolders, runFoya, temporaryFolder } from "./support/processes";
import { connectServe, textOf, type ServeSession } from "./support/serve-client";

const FLOODING = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "__fixtures__/flooding-server.mjs");
const SENT = 20_000;
let session: ServeSession | undefined;

afterAll(async () => {
  await session?.close();
  removeTemporaryFolders();
});

describe("a notification flood from one upstream", () => {
  it("is relayed up to the limit, the rest dropped, counted, reported coalesced and shown in the status", { timeout: 90_000 }, async () => {
    const home = temporaryFolder("flood-home");
    expect(runFoya(home, ["mcp", "add", "flood", "--", process.execPath, FLOODING]).status).toBe(0);
    session = await connectServe(home, []);
    const { client } = session;
    let relayed = 0;
    const reports: number[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      const { logger, data } = notification.params;
      if (logger === "flood/flood") relayed++;
      const report = logger === "flood/foya" ? /^foya dropped (\d+) notifications\/message from "flood": over the limit of 50 a second \(burst 200\)\.$/.exec(String(data)) : null;
      if (report) reports.push(Number(report[1]));
    });
    expect(textOf(await client.callTool({ name: "mcp__flood__flood", arguments: { count: SENT } }))).toBe(`sent ${SENT}`);
    const dropped = () => reports.reduce((sum, count) => sum + count, 0);
    await expect.poll(() => relayed + dropped(), { timeout: 60_000 }).toBe(SENT);
    expect(relayed).toBeGreaterThanOrEqual(200);
    expect(relayed).toBeLessThan(SENT / 2);
    const read = await client.readResource({ uri: "foya://status" });
    const first = read.contents[0];
    const rows = (JSON.parse(first && "text" in first ? first.text : "{}") as { servers: Array<{ name: string; droppedNotifications: number }> }).servers;
    expect(rows).toEqual([expect.objectContaining({ name: "flood", droppedNotifications: dropped() })]);
  });
});
