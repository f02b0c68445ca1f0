// Regression (issue 15, item 5): `foya mcp status` reported a silent or a flooding stdio server
// as `connecting` with `lastError: null` after its whole wait (the wait and the connect timeout
// were both 30 s). Now each attempt gives up before the wait, and a flood fails the connect.
import { afterAll, describe, expect, it } from "vitest";
import { foya, hostileUpstream } from "./support/foya";
import { cleanupTemporaryDirs, temporaryDir } from "./support/programs";

afterAll(cleanupTemporaryDirs);

describe("foya mcp status tells the truth", () => {
  it("reports a silent server and a flooding server as errors that say why", { timeout: 120_000 }, async () => {
    const home = temporaryDir("status-truth");
    expect(foya(home, ["mcp", "add", "silent", "--env", "HOSTILE_MODE=silent", "--", process.execPath, hostileUpstream]).status).toBe(0);
    expect(foya(home, ["mcp", "add", "flood", "--env", "HOSTILE_MODE=flood", "--", process.execPath, hostileUpstream]).status).toBe(0);
    const status = foya(home, ["mcp", "status", "--json"], { FOYA_CONNECT_TIMEOUT_MS: "4000" });
    expect(status.status, status.stderr).toBe(0);
    const rows = Object.fromEntries((JSON.parse(status.stdout) as { servers: Array<{ name: string; state: string; lastError: string | null }> }).servers.map((row) => [row.name, row]));
    expect(rows.silent?.state).toBe("error");
    expect(rows.silent?.lastError).toBe('Server "silent" did not answer within 3600 ms while connecting (initialize and tools/list; timeouts.connectMs)');
    expect(rows.flood?.state).toBe("error");
    expect(rows.flood?.lastError).toMatch(
      /^Server "flood" wrote 1000 stdout lines that are not JSON-RPC before answering initialize \(the last: garbage #+\); a stdio server must write only JSON-RPC there and log to stderr$/,
    );
  });
});
