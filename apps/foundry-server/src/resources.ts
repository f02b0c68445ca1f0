// The three kinds of resource (SPEC §2): the memory index, the list of contract ids and one
// resource per runbook, all text/markdown. An unknown URI is a JSON-RPC -32602 error made here.
import { MemoryError } from "@foundry-mcp/memory";
import type { ContractRegistry } from "@foundry-mcp/contracts";
import type { Project } from "./project";
import { unknownResource } from "@foundry-mcp/server-kit";

/** URI of the always-present memory index resource. */
export const INDEX_URI = "foundry://memory/index";
/** URI of the always-present contract list resource. */
export const CONTRACTS_URI = "foundry://contracts";
const RUNBOOK_PREFIX = "foundry://runbooks/";
const MARKDOWN = "text/markdown";

/** One entry of resources/list. */
export interface ResourceEntry {
  uri: string;
  name: string;
  mimeType: string;
  description?: string;
}

/** One text content of resources/read. */
export interface ResourceText {
  uri: string;
  mimeType: string;
  text: string;
}

/** The two fixed resources, then one per runbook (its trigger as description). */
export async function listResources(project: Project): Promise<ResourceEntry[]> {
  const runbooks = await project.memory.listRunbooks();
  return [
    { uri: INDEX_URI, name: "Memory index", mimeType: MARKDOWN, description: "The budgeted index of active facts (.foundry/memory/INDEX.md)." },
    { uri: CONTRACTS_URI, name: "I/O contracts", mimeType: MARKDOWN, description: "Every contract id usable with contract_validate and blackboard_write." },
    // A runbook that was not read (a link out of .foundry/, too big) is no resource; runbook_list says why.
    ...runbooks.filter((runbook) => !runbook.refused).map((runbook) => ({
      uri: RUNBOOK_PREFIX + encodeURIComponent(runbook.slug),
      name: `Runbook: ${runbook.title}`,
      mimeType: MARKDOWN,
      ...(runbook.trigger ? { description: runbook.trigger } : {}),
    })),
  ];
}

/** Reads one resource; throws McpError -32602 `Unknown resource: <uri>` for anything else. */
export async function readResource(project: Project, uri: string): Promise<ResourceText> {
  if (uri === INDEX_URI) return { uri, mimeType: MARKDOWN, text: await project.memory.readIndex() };
  if (uri === CONTRACTS_URI) return { uri, mimeType: MARKDOWN, text: formatContractList(await project.contracts()) };
  if (uri.startsWith(RUNBOOK_PREFIX)) {
    const slug = decodeSlug(uri.slice(RUNBOOK_PREFIX.length));
    if (slug !== undefined) {
      try {
        return { uri, mimeType: MARKDOWN, text: (await project.memory.getRunbook(slug)).markdown };
      } catch (error) {
        // A slug that names no runbook, or could not name one, is simply not a resource here.
        const notARunbook = MemoryError.isInstance(error) && (error.code === "RUNBOOK_NOT_FOUND" || error.code === "INVALID_INPUT" || error.code === "FILE_REFUSED");
        if (!notARunbook) throw error;
      }
    }
  }
  throw unknownResource(uri);
}

/** `- <id> — <what it is for>` per contract, then any project contract files that were skipped. */
function formatContractList(registry: ContractRegistry): string {
  const lines = registry.list().map((contract) => {
    const about = contract.description ?? contract.title;
    return `- ${contract.id}${about ? ` — ${about}` : ""}`;
  });
  const problems = registry.problems();
  if (problems.length > 0) lines.push("", "Skipped project contracts:", ...problems.map((problem) => `- ${problem}`));
  return lines.join("\n");
}

function decodeSlug(encoded: string): string | undefined {
  try {
    const slug = decodeURIComponent(encoded);
    return slug === "" || slug.includes("/") ? undefined : slug;
  } catch {
    return undefined;
  }
}
