// The JSON log is written in batches (server-kit's structured-log.ts, issue #33's cost target):
// with stderr on a file, a SIGTERM'd gateway's last lines are on disk when it has exited — every
// call's request record with the same keys, then the drain's lines — and each line is one object.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GATEWAY, trackResources } from "./support/gateway-process";
import type { WorkspaceTokens } from "./support/gateway-process";

const CALLS = 30;
const REQUEST_KEYS = ["level", "time", "service", "msg", "request_id", "http_method", "path", "status", "method", "tool", "workspace", "duration_ms", "outcome"];
const resources = trackResources();

const recordsIn = (file: string) =>
  fs.readFileSync(file, "utf8").split("\n").filter((line) => line !== "").map((line) => JSON.parse(line) as Record<string, unknown>);

describe("the JSON log on disk", () => {
  it("holds every request record and the drain's lines once a SIGTERM'd gateway has exited", async () => {
    const { dir, tokens } = resources.data();
    const logFile = path.join(dir, "stderr.log");
    const fd = fs.openSync(logFile, "w");
    const child = resources.spawned(spawn(process.execPath, [GATEWAY, "serve", "--data", dir, "--port", "0", "--log-format", "json"], { stdio: ["ignore", "ignore", fd] }));
    fs.closeSync(fd);
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    // The listening record reaches the file within a turn of being logged.
    const listening = () => recordsIn(logFile).map((record) => /listening on (http:\/\/\S+\/mcp)$/.exec(String(record.msg))?.[1]).find(Boolean);
    await expect.poll(listening, { timeout: 30_000 }).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = await resources.open(listening()!, (tokens.demo as WorkspaceTokens).readToken);
    for (let index = 0; index < CALLS; index++) await client.callTool({ name: "read_tool", arguments: { name: "list_domains", arguments: {} } });
    await client.close();
    process.kill(child.pid!, "SIGTERM");
    expect(await exited).toBe(0);
    const records = recordsIn(logFile);
    const toolCalls = records.filter((record) => record.msg === "request" && record.method === "tools/call");
    expect(toolCalls).toHaveLength(CALLS);
    for (const record of toolCalls) expect(Object.keys(record)).toEqual(REQUEST_KEYS);
    expect(new Set(toolCalls.map((record) => `${record.tool} ${record.workspace} ${record.outcome} ${record.status}`))).toEqual(new Set(["read_tool demo ok 200"]));
    expect(records.map((record) => String(record.msg)).filter((msg) => msg.startsWith("drain"))).toEqual([
      "draining: 0 requests in flight, waiting up to 20 s",
      "drained: 0 finished, 0 refused at the deadline, 0 streams ended",
    ]);
    expect(fs.readFileSync(logFile, "utf8")).not.toContain((tokens.demo as WorkspaceTokens).readToken);
  }, 120_000);
});
