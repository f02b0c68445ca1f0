import { describe, expect, it } from "vitest";
import { ToolCatalog } from "../../src/index";

// Ranking reuses its per-tool scratch arrays from one search to the next (search/rank.ts, issue
// 32's latency round): a search must rank exactly as on a catalog that never searched before.
const TOOLS = [
  { toolset: "files", name: "files_read_file", description: "Read the contents of a file from disk." },
  { toolset: "files", name: "files_write_file", description: "Write text to a file on disk, replacing it." },
  { toolset: "files", name: "files_list_directory", description: "List the files and folders of a directory." },
  { toolset: "git", name: "git_commit", description: "Record staged changes in the repository with a message." },
  { toolset: "git", name: "git_diff", description: "Show the changes between the working tree and a commit." },
  { toolset: "chat", name: "chat_send_message", description: "Send a message to a channel or a person." },
];

function freshCatalog(): ToolCatalog {
  const catalog = new ToolCatalog();
  catalog.defineToolset({ name: "files", prefix: "files_", title: "Files", description: "Local files and folders" });
  catalog.defineToolset({ name: "git", prefix: "git_", title: "Git", description: "Git repositories" });
  catalog.defineToolset({ name: "chat", prefix: "chat_", title: "Chat", description: "Team chat" });
  for (const tool of TOOLS) catalog.register({ ...tool, inputSchema: { type: "object" }, kind: "read", handler: () => ({ ok: true }) });
  return catalog;
}

const ranking = async (catalog: ToolCatalog, query: string, toolset?: string) =>
  (await catalog.search({ query, limit: 10, ...(toolset === undefined ? {} : { toolset }) })).results.map((result) => [result.name, result.score, result.matchedIn]);

describe("rankings one after another on one catalog", () => {
  const queries: Array<[string, string?]> = [
    ["read a file from disk"],
    ["commit the changes with a message"],
    ["send a message about the diff"],
    ["read the file, show the diff and then send a message"],
    ["write a file", "files"],
    ["message"],
  ];

  it("rank each request as a catalog that never searched before does", async () => {
    const reused = freshCatalog();
    for (const [query, toolset] of [...queries, ...queries.slice().reverse()]) {
      expect(await ranking(reused, query, toolset)).toEqual(await ranking(freshCatalog(), query, toolset));
    }
  });

  it("leave no score behind for a tool the next request does not match", async () => {
    const catalog = freshCatalog();
    await ranking(catalog, "read write list files directory commit diff send message");
    const after = await ranking(catalog, "commit");
    expect(after.map(([name]) => name)).toEqual(["git_commit", "git_diff"]);
    expect(after).toEqual(await ranking(freshCatalog(), "commit"));
  });
});
