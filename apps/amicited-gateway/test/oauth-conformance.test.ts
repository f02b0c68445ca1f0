// The MCP conformance suite's authorization-server scenarios (`conformance authorization`: the
// RFC 8414 metadata endpoint, and the authorization code grant with PKCE against a registered
// client) against the built gateway, with the project's expected-failures file
// (__fixtures__/conformance/authorization.yml, judged by tooling/conformance.mjs as the server
// runs are). The code-grant scenario prints an authorization URL and waits for a person: the
// test plays the person on the consent page (approveByForm) and the redirect goes to the suite's
// own callback listener, so the suite checks the real redirect and the real token response.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { conformanceCli, judgeBaseline, readBaseline, scenarioResults } from "../../../tooling/conformance.mjs";
import { nodeAtLeast } from "../../../tooling/node-runtime.mjs";
import { freePort } from "../../../tooling/test-support.mjs";
import { trackResources } from "./support/gateway-process";
import type { RunningGateway, WorkspaceTokens } from "./support/gateway-process";
import { approveByForm, registerClient } from "./support/oauth-client";

const cli = conformanceCli(fileURLToPath(new URL("..", import.meta.url)));
const baseline = fileURLToPath(new URL("./__fixtures__/conformance/authorization.yml", import.meta.url));
const resources = trackResources("all");
let output: string;
let tokens: Record<string, WorkspaceTokens>;
let gateway: RunningGateway;

beforeAll(async () => {
  const data = resources.data();
  tokens = data.tokens;
  output = resources.directory("gw-oauth-conformance-");
  gateway = await resources.serve(data.dir);
}, 120_000);

describe("conformance: authorization server", () => {
  it("passes the suite's authorization-server scenarios but the listed ones", async () => {
    const origin = new URL(gateway.url).origin;
    const port = await freePort();
    const clientId = await registerClient(origin, [`http://127.0.0.1:${port}/callback`], "conformance suite");
    // Ended by the tracker (its process group too) if the test gives up waiting for it.
    const child = resources.spawned(
      spawn(nodeAtLeast(22), [cli, "authorization", "--url", origin, "--client-id", clientId, "--port", String(port), "--resource", `${origin}/mcp`, "-o", output], {
        cwd: output,
        env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
        stdio: ["ignore", "pipe", "pipe"],
        detached: true,
      }),
    );
    let log = "";
    let approved: Promise<void> | undefined;
    const exited = new Promise<number>((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
    const onOutput = (chunk: Buffer) => {
      log += chunk.toString();
      const url = /^(http:\/\/\S+\/oauth\/authorize\?\S+)$/m.exec(log)?.[1];
      // The suite's callback listener starts right after it prints the URL: the person acts then.
      if (url && approved === undefined && log.includes("Callback server started"))
        approved = approveByForm(url, { credential: tokens.demo!.adminToken!, workspace: "demo", scope: "read" }).then(async (location) => void (await fetch(location)));
    };
    child.stdout!.on("data", onOutput);
    child.stderr!.on("data", onOutput);
    const code = await exited;
    await approved;
    const results = scenarioResults(log);
    expect([...results.keys()].sort(), log).toEqual(["authorization-code-grant", "authorization-server-metadata-endpoint"]);
    expect(judgeBaseline(results, readBaseline(baseline, "authorization")), log).toEqual([]);
    expect(code, log.slice(-3000)).toBe(0);
  }, 180_000);
});
