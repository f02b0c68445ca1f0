// `foya serve --http`'s /metrics, from a loopback scraper, parsed with a Prometheus text-format
// parser: the requests served (by method and tool), the upstream calls by server, the refusals by
// code, the open sessions and the process metrics; OpenTelemetry stays off (no OTEL_* variable).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePrometheusText, sampleValue } from "../../../tooling/prometheus-text.mjs";
import { FOYA, removeTemporaryFolders, runFoya, temporaryFolder } from "./support/processes";
import { eventually } from "./support/serve-client";

const FORWARDING = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "__fixtures__/forwarding-server.mjs");
let serve: ChildProcess;
let url: string;
let client: Client;

beforeAll(async () => {
  const home = temporaryFolder("serve-metrics-home");
  expect(runFoya(home, ["mcp", "add", "fw", "--", process.execPath, FORWARDING, temporaryFolder("serve-metrics-fw")]).status).toBe(0);
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("OTEL_")));
  serve = spawn(process.execPath, [FOYA, "serve", "--http", "--port", "0"], { env: { ...env, FOYA_HOME: home }, stdio: ["ignore", "ignore", "pipe"] });
  serve.stderr?.resume();
  const endpoint = path.join(home, "serve.json");
  await eventually(() => fs.existsSync(endpoint), 30_000, "serve.json");
  url = (JSON.parse(fs.readFileSync(endpoint, "utf8")) as { url: string }).url;
  const token = fs.readFileSync(path.join(home, "serve-token"), "utf8").trim();
  client = new Client({ name: "metrics-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
});
afterAll(async () => {
  await client?.close().catch(() => undefined);
  if (serve?.exitCode === null) serve.kill("SIGKILL");
  removeTemporaryFolders();
});

describe("foya serve --http /metrics", () => {
  it("counts served requests, upstream calls and refusals, with the live sessions", async () => {
    await eventually(async () => (await client.listTools()).tools.some((tool) => tool.name === "mcp__fw__progress"), 20_000, "the upstream's tools");
    await client.callTool({ name: "mcp__fw__progress", arguments: { steps: 1 } });
    await client.callTool({ name: "mcp__fw__progress", arguments: { steps: 1 } });
    await expect(client.callTool({ name: "mcp__fw__missing", arguments: {} })).rejects.toThrow();

    const response = await fetch(url.replace(/\/mcp$/, "/metrics"));
    expect(response.status).toBe(200);
    const text = await response.text();
    const families = parsePrometheusText(text);
    expect(families.find((family) => family.name === "mcp_server_operation_duration_seconds")?.type).toBe("HISTOGRAM");
    expect(families.find((family) => family.name === "mcp_client_operation_duration_seconds")?.type).toBe("HISTOGRAM");
    expect(families.find((family) => family.name === "foya_http_sessions_open")?.metrics).toEqual([{ value: "1" }]);
    expect(families.find((family) => family.name === "mcp_server_refusals_total")?.metrics).toContainEqual({ value: "1", labels: { code: "-32602" } });
    expect(families.find((family) => family.name === "process_cpu_seconds_total")?.type).toBe("COUNTER");

    expect(sampleValue(text, "mcp_server_operation_duration_seconds_count", { mcp_method_name: "tools/call", gen_ai_tool_name: "mcp__fw__progress", error_type: "" })).toBe(2);
    expect(sampleValue(text, "mcp_client_operation_duration_seconds_count", { mcp_method_name: "tools/call", gen_ai_tool_name: "progress", error_type: "", upstream: "fw" })).toBe(2);
  });

  it("leaves /mcp behind its token while /metrics needs none from loopback", async () => {
    expect((await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).status).toBe(401);
    expect((await fetch(url.replace(/\/mcp$/, "/metrics"))).status).toBe(200);
  });
});
