// The benches' one way to start a built gateway: `init` a fresh data folder, `serve` on a free
// port of 127.0.0.1 with caps out of the way, and wait for its "listening on" line.

import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** `init`s a fresh data folder with `bin`: its path and init's record (the demo tokens). */
export function initGatewayData(bin) {
  const data = mkdtempSync(path.join(os.tmpdir(), "bench-gateway-"));
  const init = JSON.parse(execFileSync(process.execPath, [bin, "init", "--data", data], { encoding: "utf8" }).trim().split("\n").pop());
  return { data, init };
}

/**
 * Starts `bin` (a built gateway.mjs); `nodeArgs` go before it (e.g. a preloaded probe); `env`,
 * when given, is the server's whole environment (e.g. with OTEL_* variables), else it inherits ours.
 * `template` (initGatewayData's answer for the same `bin`) is copied as the data folder instead
 * of a new `init` (about 2 s of a loaded machine each): a bench that starts many fresh processes.
 * @example const { url, init, server, stop } = await startGateway("dist/gateway.mjs");
 */
export async function startGateway(bin, nodeArgs = [], env = undefined, template = undefined) {
  let data;
  let init;
  if (template) {
    data = mkdtempSync(path.join(os.tmpdir(), "bench-gateway-"));
    cpSync(template.data, data, { recursive: true });
    init = template.init;
  } else ({ data, init } = initGatewayData(bin));
  const server = spawn(process.execPath, [...nodeArgs, bin, "serve", "--data", data, "--port", "0", "--hourly-cap", "100000000", "--max-sessions-per-token", "200"], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  const url = await new Promise((resolve, reject) => {
    let text = "";
    server.stderr.on("data", (chunk) => {
      text += chunk;
      const match = /listening on (http:\/\/\S+\/mcp)/.exec(text);
      if (match) resolve(match[1]);
    });
    server.on("exit", () => reject(new Error(`gateway exited: ${text}`)));
  });
  const stop = () => {
    server.kill();
    rmSync(data, { recursive: true, force: true });
  };
  return { url, init, server, data, stop };
}
