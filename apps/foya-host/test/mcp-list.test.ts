// `foya mcp list --json` prints every configured field of a server. Regression: it used to rebuild
// each row from a shadow type and silently dropped `tools` filters, `timeouts` and `description`.
import fs from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { removeTemporaryFolders, runFoya, temporaryFolder } from "./support/processes";

afterAll(() => removeTemporaryFolders());

it("prints tool filters, timeouts, description and sseFallback as configured", () => {
  const home = temporaryFolder("list-fields");
  const servers = {
    local: {
      transport: "stdio",
      command: "node",
      args: ["server.mjs"],
      cwd: "/tmp",
      description: "The local notes server.",
      timeouts: { connectMs: 5000, callMs: 20000 },
      tools: { allow: ["note_*"], deny: ["note_wipe"] },
      enabled: false,
    },
    remote: { transport: "streamable_http", url: "http://127.0.0.1:9/mcp", sseFallback: false, tools: { deny: ["*_delete"] } },
  };
  fs.writeFileSync(path.join(home, "mcp.json"), JSON.stringify({ servers }), { mode: 0o600 });
  const listed = runFoya(home, ["mcp", "list", "--json"]);
  expect(listed.status, listed.stderr).toBe(0);
  const byName = Object.fromEntries((JSON.parse(listed.stdout) as { servers: Array<{ name: string }> }).servers.map((server) => [server.name, server]));
  expect(byName.local).toEqual({ name: "local", has_token: false, auth: "none", ...servers.local, env: {} });
  expect(byName.remote).toEqual({ name: "remote", has_token: false, auth: "none", enabled: true, ...servers.remote, headers: {} });
});
