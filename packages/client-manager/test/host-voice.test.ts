// client-manager is a library: it names no host. Without a voice it speaks as itself; a host's
// words (HostVoice) reach every sentence that tells a person what to run. Pinned by reading the
// source too: no code line names foya (issue 37).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importServers, LIBRARY_VOICE, needsLoginMessage, validateHostConfig } from "../src/index";
import { HOST_VOICE } from "./helpers";

const SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), "../src");

function codeLines(folder: string): { file: string; line: string }[] {
  return fs.readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .flatMap((file) => fs.readFileSync(path.join(folder, file), "utf8").split("\n").map((line) => ({ file, line })))
    .filter(({ line }) => !/^\s*(\/\/|\/\*\*|\*)/.test(line));
}

describe("the library's voice", () => {
  it("names no host on any code line", () => {
    expect(codeLines(SOURCE).filter(({ line }) => /foya/i.test(line))).toEqual([]);
  });

  it("speaks as itself when its caller passes no voice", () => {
    expect(needsLoginMessage("docs")).toBe('Server "docs" needs login: call loginOAuthServer for "docs" (or ClientManager login) to authorize it');
    expect(() => validateHostConfig({ servers: { ops: { transport: "streamable_http", url: "https://ops.example/mcp", oauth: { clientSecret: "x" } } } })).toThrow(
      /^servers\.ops\.oauth\.clientSecret: secrets do not belong in mcp\.json; store it with ConfigStore\.setOAuthClientSecret$/,
    );
    const refused = importServers({ mcpServers: { helper: { command: "x", headersHelper: "y" } } }, { format: "claude-code" }).refused;
    expect(refused).toEqual([{ name: "helper", reason: 'field "headersHelper" has no client-manager equivalent' }]);
    expect(LIBRARY_VOICE.warningCode).toBe("CLIENT_MANAGER_CONFIG");
  });

  it("says what its caller's voice says", () => {
    expect(needsLoginMessage("docs", HOST_VOICE)).toBe('Server "docs" needs login: run `foya mcp login docs` (or ClientManager login) to authorize it');
    const refused = importServers({ mcpServers: { helper: { command: "x", headersHelper: "y" } } }, { format: "claude-code", voice: HOST_VOICE }).refused;
    expect(refused).toEqual([{ name: "helper", reason: 'field "headersHelper" has no foya equivalent' }]);
  });
});
