// Creates a workspace with its deterministic demo data (three domains across the twelve areas)
// and issues its read and write tokens. Same name → same data shape on every run.
import { seedGoogleAds, seedMeta, seedBudgets } from "./advertising";
import { seedBing, seedSearchConsole, seedVisibility } from "./marketing";
import { seedReports, seedUptime } from "./operations";
import { dayBefore } from "../domain/days";
import { createRandom } from "../domain/random";
import { seedShop } from "./shop";
import { PEOPLE, VERTICALS } from "./vocabulary";
import { insertWorkspace, issueToken } from "@foundry-mcp/workspace-store";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

/** The day demo data ends on; "last N days" in the tools count back from the workspace's as-of day. */
export const DEMO_AS_OF = "2026-11-29";

/** The one-time result of creating a workspace: its name and clear-text tokens. */
export interface CreatedWorkspace {
  workspace: string;
  readToken: string;
  writeToken: string;
}

/** Creates workspace `name` with demo data on plan `starter` and 100 credits, and issues its tokens. */
export async function createDemoWorkspace(
  store: WorkspaceStore,
  name: string,
): Promise<CreatedWorkspace> {
  const random = createRandom(`amicited:${name}`);
  const asOf = DEMO_AS_OF;
  const workspace = await insertWorkspace(store, {
    name,
    plan: "starter",
    credits: 100,
    dataAsOf: asOf,
  });
  const members = PEOPLE.slice(0, 4).map((person, index) => ({
    workspace_id: workspace.id,
    email: `${person}@${name}.example`,
    name: `${person[0]?.toUpperCase()}${person.slice(1)}`,
    role: ["owner", "admin", "editor", "viewer"][index] ?? "viewer",
    invited_at: dayBefore(asOf, 200 - index * 30),
    last_active_at: dayBefore(asOf, index * 3),
  }));
  await store.insertMany("members", members);
  await store.insertMany(
    "usage_daily",
    Array.from({ length: 30 }, (_, offset) => {
      const reads = random.int(40, 400);
      return {
        workspace_id: workspace.id,
        day: dayBefore(asOf, offset),
        tool_calls: reads + random.int(0, 40),
        api_reads: reads,
        api_writes: random.int(0, 30),
      };
    }),
  );
  const start = Math.floor(random.next() * VERTICALS.length);
  for (let index = 0; index < 3; index++) {
    const vertical = VERTICALS[(start + index) % VERTICALS.length]!;
    const hostname = random.pick(vertical.hosts);
    const domain = await store.run(
      "INSERT INTO domains (workspace_id, hostname, label, country, vertical, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
      [
        workspace.id,
        hostname,
        vertical.label,
        random.pick(["us", "gb", "it", "de"]),
        vertical.key,
        dayBefore(asOf, 365 - index * 40),
      ],
    );
    const seed = {
      store,
      random,
      workspaceId: workspace.id,
      domainId: domain.lastInsertId,
      hostname,
      vertical,
      asOf,
    };
    await seedVisibility(seed);
    await seedSearchConsole(seed);
    await seedBing(seed);
    await seedGoogleAds(seed);
    await seedMeta(seed);
    await seedBudgets(seed);
    await seedShop(seed);
    await seedUptime(seed);
    await seedReports(seed);
  }
  const readToken = await issueToken(store, workspace.id, "read", "default read");
  const writeToken = await issueToken(store, workspace.id, "write", "default write");
  return { workspace: name, readToken, writeToken };
}
