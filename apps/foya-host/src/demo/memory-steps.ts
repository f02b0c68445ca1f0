// The memory part of `foya demo`: three facts written through foundry-server, one searched for,
// the index rebuilt, the token report read. Returns the cost rows: what the model reads on the
// index-first path against loading every memory file.
import { hostToolName } from "@foundry-mcp/client-manager";
import fs from "node:fs";
import path from "node:path";
import type { HostManager } from "../host/contract";
import type { CostRow } from "./cost-table";
import { excerpt, resultText } from "./result-data";

/** The facts the demo writes: a convention, a decision (with Why / How to apply) and a constraint. */
export const DEMO_FACTS = [
  {
    title: "Background jobs run on RabbitMQ",
    type: "convention",
    tags: ["queue", "jobs"],
    body: "Every background job goes through RabbitMQ (exchange jobs, queue jobs.default). Workers live in services/worker and ack only after the job is committed.",
  },
  {
    title: "Persistence uses Flyway, not Liquibase",
    type: "decision",
    tags: ["database", "migrations"],
    confidence: "high",
    body: "Why: the team already reads plain-SQL migrations and reviews them in pull requests.\nHow to apply: add db/migration/V<n>__<name>.sql; never edit an applied migration.",
  },
  {
    title: "Public API answers within 200 ms at p95",
    type: "constraint",
    tags: ["performance", "api"],
    body: "The public REST API must answer within 200 ms at p95 under normal load. Anything slower moves to a background job and returns 202 with a status URL.",
  },
] as const;

/** What the memory walkthrough prints and measures. */
export interface MemoryStepsResult {
  rows: CostRow[];
}

/** Every file a model would read to "load all memory": the fact files and the index. */
function allMemoryFiles(root: string): string {
  const folder = path.join(root, ".foundry", "memory", "facts");
  const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.endsWith(".md")).sort() : [];
  return files.map((name) => fs.readFileSync(path.join(folder, name), "utf8")).join("\n");
}

/** Runs the memory steps through the manager, printing each one. */
export async function memorySteps(manager: HostManager, server: string, root: string, say: (text: string) => void): Promise<MemoryStepsResult> {
  const call = async (tool: string, args: Record<string, unknown>): Promise<string> => {
    const result = await manager.callTool(hostToolName(server, tool), args);
    const text = resultText(result);
    if (result.isError) throw new Error(`${tool} returned an error: ${text.split("\n")[0] ?? ""}`);
    return text;
  };
  for (const fact of DEMO_FACTS) {
    const text = await call("memory_write", { ...fact, tags: [...fact.tags] });
    say(`  memory_write "${fact.title}"\n${excerpt(text, 2)}`);
  }
  const query = "which message queue do background jobs use";
  const search = await call("memory_search", { query, limit: 1 });
  say(`  memory_search "${query}" (limit 1)\n${excerpt(search, 4)}`);
  const index = await call("memory_index", {});
  say(`  memory_index\n${excerpt(index, 2)}`);
  const report = await call("token_report", {});
  say(`  token_report\n${excerpt(report, 9)}`);

  const indexFile = path.join(root, ".foundry", "memory", "INDEX.md");
  const indexText = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, "utf8") : index;
  const everything = allMemoryFiles(root);
  return {
    rows: [
      { step: "memory at session start", frugal: "INDEX.md (always in context)", frugalText: indexText, eager: `all ${DEMO_FACTS.length} fact files`, eagerText: everything },
      { step: `memory_search "${query.split(" ").slice(0, 3).join(" ")}…"`, frugal: "1 ranked fact", frugalText: search, eager: "(already loaded)", eagerText: undefined },
    ],
  };
}
