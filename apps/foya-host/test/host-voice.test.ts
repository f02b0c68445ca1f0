// foya's home and words reach the client-manager library as options (src/host/voice.ts): the
// library names no host, so foya's texts — its login command, its import flag, its warning code
// and FOYA_HOME — must come from what foya passes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { needsLoginMessage } from "@foundry-mcp/client-manager";
import { FOYA_VOICE, openFoyaStore, resolveFoyaHome } from "../src/host/voice";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const home = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "foya-voice-"));
  dirs.push(dir);
  return dir;
};

describe("foya's voice in client-manager", () => {
  it("resolves FOYA_HOME, else ~/.foya", () => {
    expect(resolveFoyaHome({ FOYA_HOME: "/x/y" })).toBe("/x/y");
    expect(resolveFoyaHome({})).toMatch(/\.foya$/);
  });

  it("names foya's login command when a server needs a person to sign in", () => {
    expect(needsLoginMessage("docs", FOYA_VOICE)).toBe('Server "docs" needs login: run `foya mcp login docs` (or ClientManager login) to authorize it');
  });

  it("refuses a client secret in mcp.json naming foya's command, and imports in foya's words", () => {
    const store = openFoyaStore(home());
    expect(() => store.addServer("ops", { transport: "streamable_http", url: "https://ops.example/mcp", oauth: { clientSecret: "x" } } as never)).toThrow(
      "servers.ops.oauth.clientSecret: secrets do not belong in mcp.json; store it with ConfigStore.setOAuthClientSecret (foya mcp login --client-secret)",
    );
    const report = store.importFrom({ mcpServers: { github: { command: "npx", env: { TOKEN: "${GITHUB_TOKEN}" } } } }, { format: "claude-desktop", dryRun: true });
    expect(report.refused).toEqual([{ name: "github", reason: "env.TOKEN: Claude Desktop passes ${GITHUB_TOKEN} on literally, but foya would expand it; write the value itself" }]);
  });
});
