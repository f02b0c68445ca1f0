// Issue #31: memory written on parallel branches and worktrees comes together with no conflict
// and nothing lost. Real git repositories, real foundry-server processes (SDK clients over
// stdio) writing through memory_write, and the built `foundry` CLI (doctor, migrate).
import fs from "node:fs";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Fact } from "@foundry-mcp/memory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitAll, conflictedPaths, foundry, git, gitOk, memoryStartLog, readFacts } from "./support/git-project";
import { callTool, cleanup, connectClient, makeTempDir, requireBuild } from "./support/server-process";

afterAll(cleanup);

const BRANCHES = 5;
const CONSONANTS = "bdfgklmnprstvz";
const VOWELS = "aeiou";
/** A made-up word unique to branch `branch`, fact `index`, so a search for it has one answer. */
const word = (branch: number, index: number): string =>
  `${CONSONANTS[branch]}${VOWELS[index % 5]}${CONSONANTS[(3 * index + branch) % 14]}${VOWELS[(index + branch) % 5]}${CONSONANTS[index % 14]}o`;
const TOPICS = ["invoices", "refunds", "payouts", "ledgers", "taxes", "receipts", "quotes", "orders", "carts", "coupons", "returns", "shipments", "rates", "stock"];
const RESTATED_BASE = ["JSON logs in services", "Services log JSON", "Service logs in JSON", "In JSON services log", "JSON services log"];

/** The one fact file under `root` whose id starts with `shown` (what a tool text showed): its whole id. */
function wholeId(root: string, shown: string): string {
  const names = fs.readdirSync(path.join(root, ".foundry/memory/facts")).filter((name) => name.startsWith(shown));
  expect(names, `${shown} names one file`).toHaveLength(1);
  return (names[0] as string).slice(0, -3);
}
/** The shortest prefix of `id`, at least six digits, that no other of `ids` starts with (sequential ids whole). */
function expectedShown(id: string, ids: readonly string[]): string {
  if (id.length < 15) return id;
  let length = 11;
  while (ids.some((other) => other !== id && other.startsWith(id.slice(0, length)))) length += 1;
  return id.slice(0, length);
}
const createdId = (root: string, text: string): string => {
  const match = /^created: (fact-\d+)/.exec(text);
  if (!match) throw new Error(`not created: ${text}`);
  return wholeId(root, match[1] as string);
};
const shownIds = (text: string): string[] => [...text.matchAll(/^### (fact-\d+) · /gm)].map((match) => match[1] as string);
const hitIds = (root: string, text: string): string[] => shownIds(text).map((shown) => wholeId(root, shown));
const newestFirst = (a: Fact, b: Fact): number => (a.created !== b.created ? (a.created < b.created ? 1 : -1) : Number(b.id.slice(5)) - Number(a.id.slice(5)));

async function write(client: Client, input: Record<string, unknown>): Promise<string> {
  const { text, isError } = await callTool(client, "memory_write", { type: "convention", ...input });
  if (isError) throw new Error(text);
  return text;
}

interface BranchFacts {
  owner: string; // fact 0, superseded by fact 19 in its own branch
  unique: string[]; // facts 1–14, one made-up word each
  restatesBase: string; // fact 15: restates base "Services log in JSON"
  cache: string; // fact 16: the same title in every branch
  copy: string; // fact 17: the same title and body in every branch
  weekdays: string; // fact 18: supersedes base "Deploys happen on weekdays" explicitly
  ownerAgain: string; // fact 19: supersedes fact 0
}

let repo = "";
const base: Record<"json" | "weekdays" | "backoff" | "vault", string> = { json: "", weekdays: "", backoff: "", vault: "" };
const branches: BranchFacts[] = [];

/** Twenty facts from one worktree's own server, some restating or superseding others'. */
async function writeBranch(worktree: string, branch: number): Promise<BranchFacts> {
  const client = await connectClient(worktree);
  const created = async (input: Record<string, unknown>): Promise<string> => createdId(worktree, await write(client, input));
  /** The id a search shows first, as the model would copy it into supersedes. */
  const shownFirst = async (query: string): Promise<string> => shownIds((await callTool(client, "memory_search", { query })).text)[0] as string;
  const owner = await created({ title: `Module ${word(branch, 0)} owns the ledger`, body: "It books every entry." });
  const unique: string[] = [];
  for (let index = 1; index <= 14; index++)
    unique.push(await created({ title: `Module ${word(branch, index)} handles ${TOPICS[index - 1]}`, body: `Branch ${branch} keeps it.` }));
  const restatement = await write(client, { title: RESTATED_BASE[branch], body: `Branch ${branch}: one JSON object per line.` });
  // What the model reads is the short id (six digits here), what is stored the whole one.
  const restated = /^created: (fact-\d{6}) \(supersedes (fact-\d{6})\)$/.exec(restatement.split("\n")[0] as string);
  expect(restated && wholeId(worktree, restated[2] as string)).toBe(base.json);
  const cache = await created({ title: "Cache layer uses Redis", body: `Branch ${branch} caches sessions.` });
  const copy = await created({ title: "Deploys need two approvals", body: "Two reviewers approve every deploy." });
  // supersedes takes the short id a search showed.
  const weekdaysShown = await shownFirst("deploys weekdays");
  expect(wholeId(worktree, weekdaysShown)).toBe(base.weekdays);
  const weekdays = await created({ type: "constraint", title: `Deploys happen on weekdays before ${10 + branch}:00`, body: "Later ones wait.", supersedes: weekdaysShown });
  const ownerShown = await shownFirst(word(branch, 0));
  expect(wholeId(worktree, ownerShown)).toBe(owner);
  const ownerAgain = await created({ title: `Module ${word(branch, 0)} owns the ledger and the invoices`, body: "Invoices moved in.", supersedes: ownerShown });
  return { owner, unique, restatesBase: createdId(worktree, restatement), cache, copy, weekdays, ownerAgain };
}

/** Everything issue #31 requires of a checkout holding main and every branch; returns what must agree across orders. */
async function expectAllMerged(root: string): Promise<{ doctor: string; active: string[] }> {
  const facts = readFacts(root);
  const written = [...Object.values(base), ...branches.flatMap((one) => [one.owner, ...one.unique, one.restatesBase, one.cache, one.copy, one.weekdays, one.ownerAgain])];
  expect(facts.map((fact) => fact.id).sort()).toEqual([...written].sort());
  const ids = new Set(facts.map((fact) => fact.id));
  for (const fact of facts) if (fact.supersedes) expect(ids, `${fact.id} supersedes ${fact.supersedes}`).toContain(fact.supersedes);
  const byId = new Map(facts.map((fact) => [fact.id, fact]));
  const group = (pick: (one: BranchFacts) => string): Fact[] => branches.map((one) => byId.get(pick(one)) as Fact).sort(newestFirst);
  const restatedWinner = (group((one) => one.restatesBase)[0] as Fact).id;
  const cacheWinner = (group((one) => one.cache)[0] as Fact).id;
  const copyKept = (group((one) => one.copy).at(-1) as Fact).id;

  const client = await connectClient(root);
  const allIds = facts.map((fact) => fact.id);
  const search = async (query: string): Promise<string[]> => {
    const { text } = await callTool(client, "memory_search", { query, limit: 25 });
    const hits = hitIds(root, text);
    // Each hit shows the shortest unique prefix of at least six digits among every merged id.
    expect(shownIds(text)).toEqual(hits.map((id) => expectedShown(id, allIds)));
    return hits;
  };
  const active: string[] = [base.backoff, base.vault, restatedWinner, cacheWinner, copyKept];
  for (const one of branches) {
    for (const [index, id] of one.unique.entries()) expect((await search(word(branches.indexOf(one), index + 1)))[0]).toBe(id);
    const ownerHits = await search(word(branches.indexOf(one), 0));
    expect(ownerHits[0]).toBe(one.ownerAgain);
    expect(ownerHits).not.toContain(one.owner);
    active.push(...one.unique, one.ownerAgain, one.weekdays);
  }
  const inGroup = (hits: string[], pick: (one: BranchFacts) => string, extra: string[] = []): string[] =>
    hits.filter((id) => branches.some((one) => pick(one) === id) || extra.includes(id));
  expect(inGroup(await search("services log JSON"), (one) => one.restatesBase, [base.json])).toEqual([restatedWinner]);
  expect(inGroup(await search("cache layer Redis"), (one) => one.cache)).toEqual([cacheWinner]);
  expect(inGroup(await search("deploys two approvals"), (one) => one.copy)).toEqual([copyKept]);
  const weekdays = await search("deploys weekdays");
  expect(inGroup(weekdays, (one) => one.weekdays).sort()).toEqual(branches.map((one) => one.weekdays).sort());
  expect(weekdays).not.toContain(base.weekdays);
  expect((await search("exponential backoff"))[0]).toBe(base.backoff);
  expect((await search("secrets Vault"))[0]).toBe(base.vault);
  expect((await callTool(client, "memory_search", { query: "zzqqxx" })).text).toBe(`No stored fact matches "zzqqxx". Memory holds ${active.length} active facts.`);
  // INDEX.md is git-ignored: the merge brought none, and the next read rebuilds it from the facts.
  const [index] = (await client.readResource({ uri: "foundry://memory/index" })).contents;
  expect(fs.readFileSync(path.join(root, ".foundry/memory/INDEX.md"), "utf8")).toBe((index as { text: string }).text);
  expect((index as { text: string }).text).toContain(`- ${(byId.get(restatedWinner) as Fact).title}\n`);
  await client.close();
  const doctor = foundry(root, "doctor");
  expect(doctor.status).toBe(0);
  const lines = doctor.stdout.split("\n");
  expect(lines.filter((line) => line.startsWith("PROBLEM"))).toEqual([]);
  expect(lines.filter((line) => line.startsWith("note    merge:"))).toHaveLength(3 * (BRANCHES - 1));
  expect(lines).toContain("ok      layout: merge-safe (git work tree): random fact ids, INDEX.md git-ignored.");
  expect(lines).toContain(`ok      index: ${path.join(root, ".foundry/memory/INDEX.md")} matches the facts.`);

  return { doctor: lines.slice(1).join("\n"), active: active.sort() };
}

beforeAll(async () => {
  requireBuild();
  repo = path.join(makeTempDir("foundry-merge-"), "repo");
  fs.mkdirSync(repo);
  gitOk(repo, "init", "-q");
  const client = await connectClient(repo);
  base.json = createdId(repo, await write(client, { title: "Services log in JSON", body: "One JSON object per line." }));
  base.weekdays = createdId(repo, await write(client, { type: "constraint", title: "Deploys happen on weekdays", body: "No weekend deploys." }));
  base.backoff = createdId(repo, await write(client, { title: "Retries use exponential backoff", body: "Base 200 ms, factor 2." }));
  base.vault = createdId(repo, await write(client, { type: "constraint", title: "Secrets live in Vault", body: "Never in env files." }));
  // Every line in a fixed order, so branches that add none (or the same) merge cleanly.
  expect(fs.readFileSync(path.join(repo, ".foundry/.gitignore"), "utf8")).toBe(
    "# Foundry metrics are local to each checkout\nmetrics/\n# Foundry's saved memory index is rebuilt from the fact files\ncache/\n# INDEX.md is rebuilt from the fact files; tracked in git it would conflict on merges\nmemory/INDEX.md\n" +
      "# The memory's write lock and its waiters' tickets exist only while a server writes\nmemory/.lock*\n# Drafts of atomic writes exist only while a file is being replaced\n.*.tmp\n",
  );
  await client.close();
  commitAll(repo, "memory on main");
  expect(gitOk(repo, "ls-files").split("\n").filter(Boolean).sort()).toEqual([".foundry/.gitignore", ...Object.values(base).map((id) => `.foundry/memory/facts/${id}.md`).sort()]);
  const worktrees = Array.from({ length: BRANCHES }, (_, branch) => {
    const worktree = path.join(path.dirname(repo), `worktree-${branch}`);
    gitOk(repo, "worktree", "add", "-q", "-b", `branch-${branch}`, worktree);
    return worktree;
  });
  // All five servers write at once, each in its own worktree.
  branches.push(...(await Promise.all(worktrees.map((worktree, branch) => writeBranch(worktree, branch)))));
  worktrees.forEach((worktree, branch) => commitAll(worktree, `memory on branch ${branch}`));
}, 240_000);

describe("five worktrees, each with its own foundry-server writing 20 facts", () => {
  const outcomes: { doctor: string; active: string[] }[] = [];

  it.each([
    [[0, 1, 2, 3, 4]],
    [[4, 3, 2, 1, 0]],
    [[2, 0, 4, 1, 3]],
  ])("merge into main in the order %j with no conflict, every fact once, chains intact, search finding each", async (order) => {
    gitOk(repo, "checkout", "-q", "-B", `merged-${order.join("")}`, "main");
    for (const branch of order) {
      const merge = git(repo, "merge", "--no-edit", "-q", `branch-${branch}`);
      expect({ status: merge.status, conflicts: conflictedPaths(repo) }).toEqual({ status: 0, conflicts: [] });
    }
    outcomes.push(await expectAllMerged(repo));
    // Every order resolves the same facts the same way.
    expect(outcomes.at(-1)).toEqual(outcomes[0]);
  }, 120_000);

  it("rebases a branch onto the others with no conflict and the same outcome", async () => {
    gitOk(repo, "checkout", "-q", "-B", "first-four", "main");
    for (const branch of [0, 1, 2, 3]) gitOk(repo, "merge", "--no-edit", "-q", `branch-${branch}`);
    gitOk(repo, "checkout", "-q", "-B", "rebased", "branch-4");
    const rebase = git(repo, "rebase", "-q", "first-four");
    expect({ status: rebase.status, conflicts: conflictedPaths(repo) }).toEqual({ status: 0, conflicts: [] });
    expect(await expectAllMerged(repo)).toEqual(outcomes[0]);
  }, 120_000);

  it("pulls a fast-forward and a true merge into a clone with no conflict", async () => {
    const clone = path.join(path.dirname(repo), "clone");
    gitOk(path.dirname(repo), "clone", "-q", "--branch", "main", repo, clone);
    gitOk(repo, "checkout", "-q", "main");
    gitOk(repo, "merge", "--no-edit", "-q", "branch-0");
    const fastForward = git(clone, "pull", "-q");
    expect(fastForward.status).toBe(0);
    expect(gitOk(clone, "rev-parse", "HEAD")).toBe(gitOk(repo, "rev-parse", "HEAD"));
    expect(readFacts(clone)).toHaveLength(4 + 20);

    const client = await connectClient(clone);
    const local = createdId(clone, await write(client, { title: "Feature flags live in LaunchDarkly", body: "Written in the clone." }));
    commitAll(clone, "memory in the clone");
    gitOk(repo, "merge", "--no-edit", "-q", "branch-1");
    const trueMerge = git(clone, "pull", "-q", "--no-rebase", "--no-edit");
    expect({ status: trueMerge.status, conflicts: conflictedPaths(clone) }).toEqual({ status: 0, conflicts: [] });
    expect(gitOk(clone, "rev-list", "--parents", "-n", "1", "HEAD").trim().split(" ")).toHaveLength(3);
    expect(readFacts(clone)).toHaveLength(4 + 40 + 1);
    expect(hitIds(clone, (await callTool(client, "memory_search", { query: "feature flags" })).text)[0]).toBe(local);
    expect(hitIds(clone, (await callTool(client, "memory_search", { query: word(1, 3) })).text)[0]).toBe(branches[1]?.unique[2]);
    expect(foundry(clone, "doctor").status).toBe(0);
  }, 120_000);
});

describe("a fact file edited by hand", () => {
  it("on one branch while memory_write supersedes it on another: merges like text, the supersession holds", async () => {
    const file = `.foundry/memory/facts/${base.backoff}.md`;
    gitOk(repo, "checkout", "-q", "-B", "by-hand", "main");
    fs.writeFileSync(path.join(repo, file), fs.readFileSync(path.join(repo, file), "utf8").replace("Base 200 ms", "Base 250 ms"));
    commitAll(repo, "hand edit");
    const handEdit = gitOk(repo, "rev-parse", "--short=7", "HEAD").trim();
    gitOk(repo, "checkout", "-q", "-B", "by-tool", "main");
    const client = await connectClient(repo);
    const replacement = createdId(repo, await write(client, { title: "Retries back off from 300 ms", body: "Factor 2, at most 5 tries.", supersedes: base.backoff }));
    commitAll(repo, "memory_write");
    const merge = git(repo, "merge", "--no-edit", "-q", "by-hand");
    expect({ status: merge.status, conflicts: conflictedPaths(repo) }).toEqual({ status: 0, conflicts: [] });
    expect(fs.readFileSync(path.join(repo, file), "utf8")).toContain("Base 250 ms, factor 2.");
    const hits = hitIds(repo, (await callTool(client, "memory_search", { query: "retries backoff", limit: 25 })).text);
    expect(hits[0]).toBe(replacement);
    expect(hits).not.toContain(base.backoff);
    // Nothing silent: doctor names the edit that the superseding fact never saw.
    const doctor = foundry(repo, "doctor");
    expect(doctor.status).toBe(0);
    expect(doctor.stdout.split("\n").filter((line) => line.startsWith("note    edit:"))).toEqual([
      `note    edit: ${base.backoff} "Retries use exponential backoff" was changed in commit ${handEdit}, which ${replacement} "Retries back off from 300 ms" never saw; ${replacement} supersedes it, so that edit is not active. If it still holds, write it again with memory_write.`,
    ]);
  }, 60_000);

  it("on both branches on the same line: conflicts like text, and a committed marker is explained, not fatal", async () => {
    const file = `.foundry/memory/facts/${base.vault}.md`;
    const edit = (branch: string, body: string): void => {
      gitOk(repo, "checkout", "-q", "-B", branch, "main");
      fs.writeFileSync(path.join(repo, file), fs.readFileSync(path.join(repo, file), "utf8").replace("Never in env files.", body));
      commitAll(repo, `edit on ${branch}`);
    };
    edit("vault-a", "Never in env files or CI logs.");
    edit("vault-b", "Never in env files; rotate monthly.");
    const merge = git(repo, "merge", "--no-edit", "-q", "vault-a");
    expect(merge.status).toBe(1);
    expect(conflictedPaths(repo)).toEqual([file]);
    commitAll(repo, "merge committed with its conflict markers");
    const client = await connectClient(repo);
    const vault = await callTool(client, "memory_search", { query: "secrets vault" });
    expect(vault.isError).toBe(false);
    expect(hitIds(repo, vault.text)).not.toContain(base.vault);
    expect(hitIds(repo, (await callTool(client, "memory_search", { query: word(0, 1) })).text)[0]).toBe(branches[0]?.unique[0]);
    const doctor = foundry(repo, "doctor");
    expect(doctor.status).toBe(1);
    expect(doctor.stdout).toContain(
      `PROBLEM unreadable: ${file}: unfinished git merge: conflict markers on lines 11, 13, 15. Keep the text you want between <<<<<<< and >>>>>>>, delete the marker lines, then \`git add\` the file; the fact is left out of search and the index until then.`,
    );
    expect(doctor.stdout.trimEnd().split("\n").at(-1)).toBe("1 problem, 4 notes.");
    // The server says the same as it starts: the unreadable file and what the merges resolved.
    const logged = await memoryStartLog(repo, 4);
    expect(logged[0]).toBe(`foundry-server: memory ${doctor.stdout.split("\n").find((line) => line.startsWith("PROBLEM"))?.slice("PROBLEM ".length)}`);
    expect(logged.slice(1)).toEqual(doctor.stdout.split("\n").filter((line) => line.startsWith("note    merge:")).map((line) => `foundry-server: memory ${line.slice("note    ".length)}`));
  }, 60_000);
});

describe("a short id that a merge made ambiguous", () => {
  it("is refused with both candidates as now shown; the longer form then supersedes the whole id", async () => {
    gitOk(repo, "checkout", "-q", "-B", "twin", "main");
    const before = await connectClient(repo);
    const shown = shownIds((await callTool(before, "memory_search", { query: "exponential backoff" })).text)[0] as string;
    await before.close();
    expect(shown).toBe(base.backoff.slice(0, 11));
    // Another branch brings a fact whose id starts with the same six digits (1 pair in 900,000 at random: forced here).
    const twin = `${shown}${base.backoff.endsWith("0000") ? "0001" : "0000"}`;
    const folder = path.join(repo, ".foundry/memory/facts");
    const source = fs.readFileSync(path.join(folder, `${base.backoff}.md`), "utf8");
    fs.writeFileSync(path.join(folder, `${twin}.md`), source.replace(`id: ${base.backoff}`, `id: ${twin}`).replace("title: Retries use exponential backoff", "title: Retries stop after five attempts"));
    commitAll(repo, "a fact from another branch");
    gitOk(repo, "checkout", "-q", "-B", "ambiguous", "main");
    const merge = git(repo, "merge", "--no-edit", "-q", "twin");
    expect({ status: merge.status, conflicts: conflictedPaths(repo) }).toEqual({ status: 0, conflicts: [] });

    const client = await connectClient(repo);
    const longer = expectedShown(base.backoff, [base.backoff, twin]);
    expect(longer.length).toBeGreaterThan(shown.length);
    expect(shownIds((await callTool(client, "memory_search", { query: "exponential backoff" })).text)[0]).toBe(longer);
    const input = { title: "Retries back off from 400 ms", body: "Factor 2." };
    const refused = await callTool(client, "memory_write", { type: "convention", ...input, supersedes: shown });
    expect(refused).toEqual({
      isError: true,
      text: `memory_write failed: supersedes ${shown} is ambiguous: 2 stored facts start with it (${[base.backoff, twin]
        .sort()
        .map((id) => `${expectedShown(id, [base.backoff, twin])} "${id === twin ? "Retries stop after five attempts" : "Retries use exponential backoff"}"`)
        .join(", ")}); send the one you mean as shown here, or its whole id.`,
    });
    const replacement = createdId(repo, await write(client, { ...input, supersedes: longer }));
    expect(readFacts(repo).find((fact) => fact.id === replacement)?.supersedes).toBe(base.backoff);
    await client.close();
  }, 60_000);
});

describe("a store in the sequential layout", () => {
  it("is read as is, conflicts as issue #31 reports until `foundry migrate`, then merges cleanly", async () => {
    const legacy = path.join(makeTempDir("foundry-legacy-"), "project");
    fs.mkdirSync(legacy);
    // Written outside git, as before this change: fact-0001, INDEX.md and .last-id.
    const before = await connectClient(legacy);
    expect(createdId(legacy, await write(before, { title: "Orders use UUID keys", body: "Never sequential integers." }))).toBe("fact-0001");
    await before.close();
    gitOk(legacy, "init", "-q");
    commitAll(legacy, "memory of an older version");
    const writeOn = async (branch: string, title: string): Promise<string> => {
      gitOk(legacy, "checkout", "-q", "-B", branch, "main");
      const client = await connectClient(legacy);
      const id = createdId(legacy, await write(client, { title, body: `Written on ${branch}.` }));
      await client.close();
      commitAll(legacy, `memory on ${branch}`);
      return id;
    };
    expect(await writeOn("a", "Branch A uses Postgres for jobs")).toBe("fact-0002");
    expect(await writeOn("b", "Branch B caches sessions in Redis")).toBe("fact-0002");
    expect(git(legacy, "merge", "--no-edit", "-q", "a").status).toBe(1);
    expect(conflictedPaths(legacy)).toEqual([".foundry/memory/INDEX.md", ".foundry/memory/facts/fact-0002.md"]);
    gitOk(legacy, "merge", "--abort");

    gitOk(legacy, "checkout", "-q", "main");
    const migrate = foundry(legacy, "migrate");
    expect(migrate).toEqual({
      status: 0,
      stderr: "",
      stdout: [
        `Migrated ${path.join(legacy, ".foundry/memory")} to the merge-safe layout:`,
        '- .foundry/config.json: memoryStore.layout is "merge-safe": new facts get random ids like fact-4821390751 and never rewrite the fact they supersede; the 1 stored fact keeps its id.',
        "- .foundry/.gitignore: memory/INDEX.md, rebuilt from the facts wherever it is needed, so it never conflicts.",
        "- .foundry/memory/INDEX.md: no longer tracked by git (git rm --cached; the file stays).",
        'Staged; finish with: git commit -m "Move foundry memory to the merge-safe layout"',
        "",
      ].join("\n"),
    });
    expect(gitOk(legacy, "status", "--porcelain").split("\n").filter(Boolean).sort()).toEqual(["A  .foundry/config.json", "D  .foundry/memory/INDEX.md", "M  .foundry/.gitignore"]);
    gitOk(legacy, "commit", "-q", "-m", "Move foundry memory to the merge-safe layout");
    expect(foundry(legacy, "migrate").stdout.split("\n")[0]).toBe(`Migrated ${path.join(legacy, ".foundry/memory")} to the merge-safe layout (the config already said so):`);
    expect(gitOk(legacy, "status", "--porcelain")).toBe("");

    const jobs = await writeOn("a2", "Branch A uses Postgres for jobs");
    const sessions = await writeOn("b2", "Branch B caches sessions in Redis");
    expect([jobs, sessions]).toEqual([expect.stringMatching(/^fact-\d{10}$/), expect.stringMatching(/^fact-\d{10}$/)]);
    const merge = git(legacy, "merge", "--no-edit", "-q", "a2");
    expect({ status: merge.status, conflicts: conflictedPaths(legacy) }).toEqual({ status: 0, conflicts: [] });
    const client = await connectClient(legacy);
    for (const [query, id] of [["UUID keys", "fact-0001"], ["postgres jobs", jobs], ["redis sessions", sessions]] as const)
      expect(hitIds(legacy, (await callTool(client, "memory_search", { query })).text)[0]).toBe(id);
    expect(foundry(legacy, "doctor").status).toBe(0);
  }, 60_000);
});
