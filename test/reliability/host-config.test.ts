// foya's configuration under concurrency and hostile names (issue 15, items 4 and 6, and the
// credentials-file and import findings), all through the built CLI as real processes.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { foya, foyaAsync } from "./support/foya";
import { cleanupTemporaryDirs, temporaryDir } from "./support/programs";

afterAll(cleanupTemporaryDirs);

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, Record<string, unknown>>;

describe("foya configuration edits", () => {
  // Regression: 20 parallel adds all printed "Added" and 7 servers and 5 tokens were gone.
  it("20 parallel `foya mcp add … --bearer-token` processes: every server and token is kept", { timeout: 180_000 }, async () => {
    const home = temporaryDir("parallel-add");
    const names = Array.from({ length: 20 }, (_, index) => `srv-${index}`);
    const results = await Promise.all(
      names.map((name) => foyaAsync(home, ["mcp", "add", name, "--transport", "streamable_http", "--url", `http://127.0.0.1:9/${name}`, "--bearer-token", `token-of-${name}`])),
    );
    for (const [index, result] of results.entries()) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.trim()).toBe(`Added ${names[index]} (streamable_http, bearer token stored in mcp-credentials.json).`);
    }
    const config = readJson(path.join(home, "mcp.json"));
    const credentials = readJson(path.join(home, "mcp-credentials.json"));
    expect(Object.keys(config.servers ?? {}).sort()).toEqual([...names].sort());
    expect(credentials.tokens).toEqual(Object.fromEntries(names.map((name) => [name, `token-of-${name}`])));
    expect(fs.readdirSync(home).sort()).toEqual(["mcp-credentials.json", "mcp.json"]);
  });

  // Regression: these names got Object.prototype's functions as their bearer token.
  it("server names toString, constructor, valueOf, hasOwnProperty are names, not inherited tokens", () => {
    const home = temporaryDir("proto-names");
    for (const name of ["toString", "constructor", "valueOf", "hasOwnProperty"]) {
      const added = foya(home, ["mcp", "add", name, "--transport", "streamable_http", "--url", "http://127.0.0.1:9/mcp"]);
      expect(added.status, added.stderr).toBe(0);
      expect(added.stdout.trim()).toBe(`Added ${name} (streamable_http).`);
    }
    const list = foya(home, ["mcp", "list", "--json"]);
    const servers = (JSON.parse(list.stdout) as { servers: Array<{ name: string; has_token: boolean }> }).servers;
    expect(servers.map((server) => [server.name, server.has_token]).sort()).toEqual([
      ["constructor", false],
      ["hasOwnProperty", false],
      ["toString", false],
      ["valueOf", false],
    ]);
    const removed = foya(home, ["mcp", "remove", "toString"]);
    expect(removed.status, removed.stderr).toBe(0);
    expect(Object.keys(readJson(path.join(home, "mcp.json")).servers ?? {}).sort()).toEqual(["constructor", "hasOwnProperty", "valueOf"]);
  });

  // Regression: a credentials file that was already 0644 was never tightened nor reported.
  it("tightens a 0644 credentials file to 0600 and says so", () => {
    const home = temporaryDir("loose-credentials");
    expect(foya(home, ["mcp", "add", "docs", "--transport", "streamable_http", "--url", "http://127.0.0.1:9/mcp", "--bearer-token", "tok-1"]).status).toBe(0);
    const file = path.join(home, "mcp-credentials.json");
    fs.chmodSync(file, 0o644);
    const list = foya(home, ["mcp", "list"]);
    expect(list.status).toBe(0);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(list.stderr).toContain(`${file} was mode 0644, readable by other users; it is now 0600. Rotate its tokens if someone else could have read them.`);
    expect(list.stderr).not.toContain("tok-1");
    expect(foya(home, ["mcp", "list"]).stderr).not.toContain("readable by other users");
  });
});
