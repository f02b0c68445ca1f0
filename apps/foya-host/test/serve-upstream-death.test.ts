// Issue #39 T11: an HTTP upstream that speaks 2026-07-28 keeps no stream open, so when it is
// SIGKILLed nothing breaks on foya's side; its status read "connected" until the next ping, 30 s
// later. A status read now probes remote servers first: the first read after the death says error.
// The upstream is a real `foya serve --http` (both eras) fronting server-everything over stdio.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EVERYTHING, FOYA, removeTemporaryFolders, runFoya, temporaryFolder } from "./support/processes";
import { connectServe, eventually, textOf, type ServeSession } from "./support/serve-client";

let upstream: ChildProcess | undefined;
let session: ServeSession | undefined;

afterAll(async () => {
  await session?.close();
  if (upstream?.exitCode === null && upstream.signalCode === null) upstream.kill("SIGKILL");
  removeTemporaryFolders();
});

interface StatusRow {
  name: string;
  state: string;
  protocol: string | null;
  lastError: string | null;
}

async function statusRows(client: ServeSession["client"]): Promise<StatusRow[]> {
  const read = await client.readResource({ uri: "foya://status" });
  const first = read.contents[0];
  return (JSON.parse(first && "text" in first ? first.text : "{}") as { servers: StatusRow[] }).servers;
}

describe("a SIGKILLed 2026-07-28 HTTP upstream", () => {
  it("reads as error in the first status read after its death, naming the refused connection", { timeout: 90_000 }, async () => {
    const upstreamHome = temporaryFolder("death-upstream");
    expect(runFoya(upstreamHome, ["mcp", "add", "ev", "--", process.execPath, EVERYTHING, "stdio"]).status).toBe(0);
    upstream = spawn(process.execPath, [FOYA, "serve", "--http", "--port", "0"], { env: { ...process.env, FOYA_HOME: upstreamHome }, stdio: ["ignore", "ignore", "ignore"] });
    await eventually(() => fs.existsSync(path.join(upstreamHome, "serve.json")), 30_000, "the upstream's serve.json");
    const url = (JSON.parse(fs.readFileSync(path.join(upstreamHome, "serve.json"), "utf8")) as { url: string }).url;
    const token = fs.readFileSync(path.join(upstreamHome, "serve-token"), "utf8").trim();

    const home = temporaryFolder("death-home");
    expect(runFoya(home, ["mcp", "add", "web", "--transport", "streamable_http", "--url", url, "--bearer-token", token]).status).toBe(0);
    session = await connectServe(home, []);
    const client = session.client;
    await eventually(async () => (await statusRows(client))[0]?.state === "connected", 30_000, "web to connect");
    expect(textOf(await client.callTool({ name: "mcp__web__mcp__ev__echo", arguments: { message: "alive" } }))).toBe("Echo: alive");
    expect((await statusRows(client))[0]).toMatchObject({ name: "web", state: "connected", protocol: "2026-07-28" });

    const exited = new Promise((resolve) => upstream?.once("exit", resolve));
    upstream.kill("SIGKILL");
    await exited;
    const [row] = await statusRows(client);
    expect(row).toMatchObject({ name: "web", state: "error" });
    expect(row?.lastError).toMatch(/ECONNREFUSED/);
  });
});
