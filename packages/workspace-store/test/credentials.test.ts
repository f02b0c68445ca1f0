// Workspaces and tokens: tokens are issued once, stored as SHA-256, resolved to their workspace
// and scope, and stop working when revoked.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  bearerResolver,
  hashToken,
  insertWorkspace,
  isWorkspaceName,
  issueToken,
  MAX_WORKSPACE_NAME_LENGTH,
  openSqliteStore,
  resolveToken,
  workspaceNameRefusal,
} from "../src/index";
import type { WorkspaceStore } from "../src/index";

let dir: string;
let store: WorkspaceStore;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gw-ws-"));
  store = await openSqliteStore({ dataDir: dir });
  await store.migrate();
});

afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("workspaces and tokens", () => {
  it("resolves a bearer token of either kind through one resolver: a static token to its credential, unknown ones to nothing", async () => {
    const workspace = await insertWorkspace(store, { name: "acme", plan: "free", credits: 1, dataAsOf: "2026-01-01" });
    const token = await issueToken(store, workspace.id, "read", "ci");
    const resolve = bearerResolver(store);
    expect(await resolve(token)).toEqual(await resolveToken(store, token));
    expect(await resolve(token)).toMatchObject({ workspaceId: workspace.id, workspaceName: "acme", scope: "read" });
    expect(await resolve("amc_unknown")).toBeUndefined();
    expect(await resolve("amo_at_unknown")).toBeUndefined();
  });

  it("stores only the hash and resolves a token to its workspace and scope", async () => {
    const workspace = await insertWorkspace(store, {
      name: "acme",
      plan: "free",
      credits: 1,
      dataAsOf: "2026-01-01",
    });
    const token = await issueToken(store, workspace.id, "write", "ci");
    expect(await store.all("SELECT token_hash FROM api_tokens")).toEqual([
      { token_hash: hashToken(token) },
    ]);
    expect(await resolveToken(store, token)).toEqual({
      tokenId: expect.any(Number),
      workspaceId: workspace.id,
      workspaceName: "acme",
      scope: "write",
    });
    expect(await resolveToken(store, `${token}x`)).toBeUndefined();
    expect(await resolveToken(store, "")).toBeUndefined();
    await store.run("UPDATE api_tokens SET revoked_at = 'now'");
    expect(await resolveToken(store, token)).toBeUndefined();
  });

  it("refuses bad and duplicate names naming the rule", async () => {
    await insertWorkspace(store, {
      name: "acme",
      plan: "free",
      credits: 1,
      dataAsOf: "2026-01-01",
    });
    await expect(
      insertWorkspace(store, { name: "acme", plan: "free", credits: 1, dataAsOf: "2026-01-01" }),
    ).rejects.toThrow('workspace "acme" already exists');
    await expect(
      insertWorkspace(store, { name: "-bad", plan: "free", credits: 1, dataAsOf: "2026-01-01" }),
    ).rejects.toThrow("name must be a workspace name of 1-40 lowercase letters");
  });

  it("states one rule, the one insertWorkspace enforces: 1 to 40 lowercase letters, digits or dashes, not starting with a dash", async () => {
    const longest = "w".repeat(MAX_WORKSPACE_NAME_LENGTH);
    expect([MAX_WORKSPACE_NAME_LENGTH, isWorkspaceName(longest), isWorkspaceName(`${longest}w`)]).toEqual([40, true, false]);
    expect(["a", "acme-2", "9-lives"].filter(isWorkspaceName)).toEqual(["a", "acme-2", "9-lives"]);
    expect(["", "-a", "Acme", "acme_2", "acme 2", "café"].filter(isWorkspaceName)).toEqual([]);
    expect((await insertWorkspace(store, { name: longest, plan: "free", credits: 1, dataAsOf: "2026-01-01" })).name).toBe(longest);
    await expect(insertWorkspace(store, { name: `${longest}w`, plan: "free", credits: 1, dataAsOf: "2026-01-01" })).rejects.toThrow(
      "name must be a workspace name of 1-40 lowercase letters, digits or dashes, starting with a letter or digit; got 41 characters",
    );
  });

  it("words an edge's refusal of a malformed name with the parameter, the rule and what came, never more than the bound of it", () => {
    const rule = "must be a workspace name of 1-40 lowercase letters, digits or dashes, starting with a letter or digit";
    expect(workspaceNameRefusal("--workspace", "Acme")).toBe(`--workspace ${rule}; got "Acme"`);
    expect(workspaceNameRefusal("workspace", "")).toBe(`workspace ${rule}; got ""`);
    // Up to the bound what came is shown (quoted); past it only its length.
    expect(workspaceNameRefusal("workspace", "A".repeat(MAX_WORKSPACE_NAME_LENGTH))).toBe(`workspace ${rule}; got "${"A".repeat(40)}"`);
    expect(workspaceNameRefusal("workspace", "a".repeat(41))).toBe(`workspace ${rule}; got 41 characters`);
    expect(workspaceNameRefusal("workspace", "a".repeat(10_000))).toBe(`workspace ${rule}; got 10000 characters`);
  });

  // Regression (session 35 review): DEL, the C1 controls (a CSI among them) and the right-to-left
  // marks reached the terminal raw; JSON.stringify escapes only the C0 controls.
  it("shows no control character or direction mark raw in a refusal", () => {
    const rule = "must be a workspace name of 1-40 lowercase letters, digits or dashes, starting with a letter or digit";
    expect(workspaceNameRefusal("--workspace", "a\u009b2Jb\u007f\u202ec\n")).toBe(`--workspace ${rule}; got "a\\u009b2Jb\\u007f\\u202ec\\n"`);
  });
});
