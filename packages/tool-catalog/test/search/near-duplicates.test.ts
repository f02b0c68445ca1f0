import { describe, expect, it } from "vitest";
import { estimateTokens } from "@foundry-mcp/tokens";
import { ToolCatalog, type SearchPage } from "../../src/index";
import { collapseNearDuplicates, nearDuplicateGroups } from "../../src/search/near-duplicates";

const tool = (name: string, description: string) => ({ toolset: "files", name, description });

describe("near-duplicate groups", () => {
  it("groups a tool with its qualified variant when the descriptions nearly match", () => {
    const groups = nearDuplicateGroups([
      tool("list_directory", "Get a detailed listing of all files and directories in a specified path."),
      tool("list_directory_with_sizes", "Get a detailed listing of all files and directories in a specified path, including sizes."),
      tool("directory_tree", "Get a recursive tree view of files and directories as a JSON structure."),
    ]);
    expect(groups[0]).toBeGreaterThanOrEqual(0);
    expect(groups[1]).toBe(groups[0]);
    expect(groups[2]).toBe(-1);
  });

  it("keeps siblings apart that share a name but do different things", () => {
    const groups = nearDuplicateGroups([
      tool("get_tag", "Get details about a specific git tag in a GitHub repository"),
      tool("get_release_by_tag", "Get a specific release by its tag name in a GitHub repository"),
      tool("create_invoice", "Create an invoice for a customer."),
      tool("create_invoice_item", "Create an invoice item, a line on a draft invoice, for a customer and a price."),
    ]);
    expect([...groups]).toEqual([-1, -1, -1, -1]);
  });

  it("never groups tools of different toolsets", () => {
    const description = "List the branches of the repository.";
    expect([...nearDuplicateGroups([{ toolset: "github", name: "list_branches", description }, { toolset: "git", name: "list_branches_all", description }])]).toEqual([-1, -1]);
  });

  it("joins a deprecated tool to the replacement its description names", () => {
    const groups = nearDuplicateGroups([
      tool("read_file", "Read the complete contents of a file as text. DEPRECATED: Use read_text_file instead."),
      tool("read_text_file", "Read the complete contents of a file from the file system as text, in any of several encodings."),
    ]);
    expect(groups[0]).toBeGreaterThanOrEqual(0);
    expect(groups[1]).toBe(groups[0]);
  });

  it("collapses a ranking to one entry per group, at the best member's place", () => {
    const groupOf = new Map([["a", 1], ["a2", 1], ["b", -1], ["a3", 1]]);
    const collapsed = collapseNearDuplicates(["b", "a2", "a", "a3"], (hit) => groupOf.get(hit)!);
    expect(collapsed).toEqual([{ hit: "b", variants: [] }, { hit: "a2", variants: ["a", "a3"] }]);
  });
});

function filesCatalog(groupNearDuplicates?: boolean): ToolCatalog {
  const catalog = new ToolCatalog(groupNearDuplicates === undefined ? {} : { search: { groupNearDuplicates } });
  catalog.defineToolset({ name: "files", prefix: "files_", title: "Files", description: "Local files and folders" });
  const handler = () => ({ ok: true });
  const register = (name: string, description: string) => catalog.register({ name: `files_${name}`, description, toolset: "files", kind: "read", inputSchema: { type: "object" }, handler });
  register("list_directory", "Get a detailed listing of all files and directories in a specified path.");
  register("list_directory_with_sizes", "Get a detailed listing of all files and directories in a specified path, including sizes.");
  register("directory_tree", "Get a recursive tree view of files and directories as a JSON structure.");
  register("search_files", "Recursively search for files and directories matching a pattern.");
  register("get_file_info", "Retrieve detailed metadata about a file or directory.");
  return catalog;
}

// What the model reads of a page (the score is internal and never shown).
const shownTokens = (page: SearchPage) => estimateTokens(JSON.stringify(page.results.map(({ score: _score, ...shown }) => shown)));

describe("search with near-duplicates", () => {
  it("shows a group once and names its other members in variants", async () => {
    const page = await filesCatalog().search({ query: "list the files in a directory" });
    const names = page.results.map((result) => result.name);
    expect(names.filter((name) => name.startsWith("files_list_directory"))).toHaveLength(1);
    const lead = page.results.find((result) => result.name.startsWith("files_list_directory"))!;
    expect(lead.variants).toEqual([lead.name === "files_list_directory" ? "files_list_directory_with_sizes" : "files_list_directory"]);
    expect(page.paging.total).toBe(page.results.length);
  });

  it("names the same tools in fewer places and fewer tokens than listing both variants", async () => {
    const ungrouped = await filesCatalog(false).search({ query: "list the files in a directory", limit: 4 });
    const grouped = await filesCatalog().search({ query: "list the files in a directory", limit: 3 });
    expect(ungrouped.results.map((result) => result.name).filter((name) => name.startsWith("files_list_directory"))).toHaveLength(2);
    expect(ungrouped.results.every((result) => result.variants === undefined)).toBe(true);
    const named = grouped.results.flatMap((result) => [result.name, ...(result.variants ?? [])]);
    expect(named.sort()).toEqual(ungrouped.results.map((result) => result.name).sort());
    expect(shownTokens(grouped)).toBeLessThan(shownTokens(ungrouped));
  });

  it("leaves a page without near-duplicates exactly as it was", async () => {
    const grouped = await filesCatalog().search({ query: "json structure" });
    const ungrouped = await filesCatalog(false).search({ query: "json structure" });
    expect(ungrouped.results.some((result) => result.name.startsWith("files_list_directory"))).toBe(false);
    expect(grouped).toEqual(ungrouped);
  });
});
