// Two gateway processes on one PostgreSQL database (a throwaway cluster, tooling/postgres-cluster.mjs):
// the hourly cap, credits and workspace isolation hold across instances. Each client stays on one
// instance (the stateless protocol era, where one client alternates between instances, is a later
// issue). Skips loudly without PostgreSQL binaries outside CI, fails in CI. Also the CLI: init, workspace create and migrate against --database.
import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { postgresGate, startPostgres } from "../../../tooling/postgres-cluster.mjs";
import type { PostgresCluster } from "../../../tooling/postgres-cluster.mjs";
import { spawnSync } from "node:child_process";
import {
  GATEWAY,
  payload,
  requireBuild,
  runCli,
  textOf,
  trackResources,
} from "./support/gateway-process";
import type { RunningGateway, WorkspaceTokens } from "./support/gateway-process";
import { signIn } from "./support/dashboard";
import { approveByForm, authorizationUrl, initializeWith, pkcePair, postForm, registerClient } from "./support/oauth-client";
import { clearOfHourTurn } from "../../../tooling/hour-turn.mjs";

const CAP = 30;
let cluster: PostgresCluster;
let database: string;
let tokens: Record<string, WorkspaceTokens>;
const instances: RunningGateway[] = [];
const resources = trackResources("all");

const open = (instance: number, token: string) => resources.open(instances[instance]!.url, token);
const read = (client: Client, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name: "read_tool", arguments: { name, arguments: args } });
const run = (client: Client, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name: "run_tool", arguments: { name, arguments: args } });

const gate = postgresGate();

beforeAll(async () => {
  if (!gate.run) return;
  requireBuild();
  cluster = await startPostgres();
  resources.defer(() => cluster.stop());
  database = cluster.createDatabase("gateway");
  tokens = {};
  for (const args of [
    ["init"],
    ["workspace", "create", "spender"],
    ["workspace", "create", "rival"],
    ["workspace", "create", "reader"],
  ]) {
    const created = JSON.parse(runCli([...args, "--database", database]).trim()) as WorkspaceTokens;
    tokens[created.workspace] = created;
  }
  for (let index = 0; index < 2; index++)
    instances.push(await resources.serve(database, ["--hourly-cap", String(CAP)]));
}, 240_000);

describe.skipIf(!gate.run)("two gateway instances on one PostgreSQL", () => {
  it("migrate reports the schema it leaves, from --database and from DATABASE_URL", () => {
    expect(JSON.parse(runCli(["migrate", "--database", database]).trim())).toEqual({
      driver: "postgres",
      from_version: 10,
      schema_version: 10,
    });
    expect(JSON.parse(runCli(["migrate"], { DATABASE_URL: database }).trim())).toMatchObject({
      driver: "postgres",
    });
  });

  it("names the host, never the password, when it cannot connect", () => {
    const url = `postgres://amicited:pw-s3cret@127.0.0.1:${cluster.port + 1}/gateway`;
    const failure = spawnSync(process.execPath, [GATEWAY, "serve", "--database", url], {
      encoding: "utf8",
    });
    expect(failure.status).toBe(1);
    expect(failure.stderr).toBe(
      `amicited-gateway: cannot connect to PostgreSQL at 127.0.0.1:${cluster.port + 1}/gateway: connect ECONNREFUSED 127.0.0.1:${cluster.port + 1}. Check --database or DATABASE_URL and that the server is running.\n`,
    );
    expect(failure.stderr).not.toContain("pw-s3cret");
  });

  it(
    "gives exactly the hourly cap to 50 concurrent clients spread over both instances",
    { timeout: 120_000 },
    async () => {
      await clearOfHourTurn(30_000);
      const connected = await Promise.all(
        Array.from({ length: 50 }, (_, index) => open(index % 2, tokens.demo!.readToken)),
      );
      const results = await Promise.all(connected.map((client) => read(client, "list_domains")));
      const allowed = results.filter((result) => !result.isError);
      const refused = results.filter((result) => result.isError);
      expect(allowed).toHaveLength(CAP);
      expect(refused).toHaveLength(50 - CAP);
      for (const result of refused) expect(textOf(result)).toMatch(/^QUOTA_EXCEEDED: /);
    },
  );

  it(
    "never lets credits go below zero under concurrent paid calls on both instances",
    { timeout: 120_000 },
    async () => {
      const [first, second] = [
        await open(0, tokens.spender!.writeToken),
        await open(1, tokens.spender!.writeToken),
      ];
      const domainId = (
        payload(await read(first!, "list_domains")).rows as { domain_id: number }[]
      )[0]!.domain_id;
      expect(payload(await read(second!, "account_get_credit_balance")).credits).toBe(100);
      const calls = Array.from({ length: 27 }, (_, index) =>
        run(index % 2 ? second! : first!, "seo_run_visibility_audit", { domain_id: domainId }),
      );
      const results = await Promise.all(calls);
      const charged = results.filter((result) => !result.isError);
      expect(charged).toHaveLength(20);
      for (const result of results.filter((entry) => entry.isError))
        expect(textOf(result)).toMatch(
          /^CREDITS_EXHAUSTED: seo_run_visibility_audit costs 5 credits and the workspace has 0;/,
        );
      expect(
        charged.map((result) => payload(result).credits_left).sort((a, b) => Number(a) - Number(b)),
      ).toEqual(Array.from({ length: 20 }, (_, index) => index * 5));
      expect(payload(await read(first!, "account_get_credit_balance")).credits).toBe(0);
    },
  );

  it("keeps workspace A from B's rows on either instance", async () => {
    const rival = await open(1, tokens.rival!.readToken);
    const theirs = (payload(await read(rival, "list_domains")).rows as { domain_id: number }[]).map(
      (row) => row.domain_id,
    );
    for (const instance of [0, 1]) {
      const reader = await open(instance, tokens.reader!.readToken);
      const mine = (
        payload(await read(reader, "list_domains")).rows as { domain_id: number }[]
      ).map((row) => row.domain_id);
      expect(mine.filter((id) => theirs.includes(id))).toEqual([]);
      const refused = await read(reader, "eshop_list_products", { domain_id: theirs[0] });
      expect(textOf(refused)).toBe(
        `UNKNOWN_DOMAIN: domain_id ${theirs[0]} is not a domain of this workspace; call list_domains for valid ids.`,
      );
    }
  });

  it("logs both instances' calls in one call log that either dashboard reads", async () => {
    const dashboard = await signIn(instances[0]!.url, tokens.demo!.adminToken!);
    type Usage = { topTools: { tool: string; calls: number; refused: number }[]; refusals: { code: string; calls: number }[]; credits: { balance: number; ledger: unknown[] } };
    const readUsage = async (): Promise<Usage> => (await dashboard.request<Usage>("GET", "workspaces/spender/usage")).body;
    // Each instance writes its call log in batches, at most 250 ms late (README): the other
    // instance's last calls may not be in yet. Wait for them, bounded well above that.
    let usage = await readUsage();
    for (const deadline = Date.now() + 5_000; Date.now() < deadline; usage = await readUsage()) {
      const audits = usage.topTools.find((row) => row.tool === "seo_run_visibility_audit");
      if ((audits?.calls ?? 0) >= 27) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(usage.topTools.find((row) => row.tool === "seo_run_visibility_audit")).toMatchObject({ calls: 27, refused: 7 });
    expect(usage.refusals).toEqual([{ code: "CREDITS_EXHAUSTED", calls: 7 }]);
    expect(usage.credits.balance).toBe(0);
    expect(usage.credits.ledger).toHaveLength(20);
  });

  it("runs one OAuth flow across both instances: register and consent on one, redeem and refresh on the other (issue 35)", async () => {
    const [first, second] = instances.map((instance) => new URL(instance.url).origin) as [string, string];
    const redirectUri = "http://127.0.0.1:9/callback";
    const clientId = await registerClient(first, [redirectUri], "two-instance client");
    const { verifier, challenge } = pkcePair();
    // The issuer is the origin the person's browser used; the client uses the same one throughout.
    const location = await approveByForm(authorizationUrl(second, { client_id: clientId, redirect_uri: redirectUri, code_challenge: challenge }), { credential: tokens.reader!.readToken, workspace: "reader", scope: "read" });
    const code = new URL(location).searchParams.get("code")!;
    const redeemed = await postForm(first, "/oauth/token", { grant_type: "authorization_code", code, code_verifier: verifier, client_id: clientId, redirect_uri: redirectUri });
    expect([redeemed.status, redeemed.body.scope]).toEqual([200, "read"]);
    const replayed = await postForm(second, "/oauth/token", { grant_type: "authorization_code", code, code_verifier: verifier, client_id: clientId, redirect_uri: redirectUri });
    expect(replayed.body.error).toBe("invalid_grant");
    // The replay revoked the grant on every instance.
    expect((await initializeWith(instances[0]!.url, String(redeemed.body.access_token))).status).toBe(401);
    const again = pkcePair();
    const secondLocation = await approveByForm(authorizationUrl(first, { client_id: clientId, redirect_uri: redirectUri, code_challenge: again.challenge }), { credential: tokens.reader!.readToken, workspace: "reader", scope: "read" });
    const pair = await postForm(second, "/oauth/token", { grant_type: "authorization_code", code: new URL(secondLocation).searchParams.get("code")!, code_verifier: again.verifier, client_id: clientId, redirect_uri: redirectUri });
    const rotated = await postForm(first, "/oauth/token", { grant_type: "refresh_token", refresh_token: String(pair.body.refresh_token), client_id: clientId });
    expect(rotated.status).toBe(200);
    expect((await initializeWith(instances[1]!.url, String(pair.body.access_token))).status).toBe(401);
    expect((await initializeWith(instances[1]!.url, String(rotated.body.access_token))).status).toBe(200);
  });
});
