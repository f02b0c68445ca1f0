// The dashboard's catalog answers, all from the packages the MCP edge itself uses: toolsets and
// their kinds from the ToolCatalog, hits from its real search_tools ranking (matchedIn, kind,
// score; with ?workspace= the ranking that workspace's tokens get, its learned words included), a
// tool's describe_tool answer, and token figures of exactly what tools/list sends — the
// progressive surface's list for the base tools, a ?toolsets= choice, or "all", measured with
// @foundry-mcp/tokens.
import { createProgressiveSurface, listedToolOf } from "@foundry-mcp/progressive";
import { CatalogError, TOOL_KINDS } from "@foundry-mcp/tool-catalog";
import type { CallContext, ToolCatalog } from "@foundry-mcp/tool-catalog";
import { estimateTokens } from "@foundry-mcp/tokens";
import type { Gateway } from "../gateway";
import { UiRefusal } from "./guard";
import { workspaceOfParam } from "./workspace-api";

type Catalog = ToolCatalog<CallContext>;

/** What a connection's tools/list costs: how many tools it lists and their tokens. */
export interface SurfaceCost {
  toolsets: string[];
  tools: number;
  tokens: number;
}

/** The tools/list of a connection pinned to `toolsets` ("" for none, "all"), and its token cost. */
export function surfaceCost(catalog: Catalog, toolsets: string): SurfaceCost {
  const requested = toolsets.split(",").map((name) => name.trim().toLowerCase()).filter((name) => name !== "");
  const known = new Set(catalog.toolsets().map((toolset) => toolset.name));
  const unknown = requested.filter((name) => name !== "all" && !known.has(name));
  if (unknown.length > 0)
    throw new UiRefusal(400, "UNKNOWN_TOOLSET", `unknown toolset ${unknown.join(", ")}; toolsets: ${[...known].join(", ")}, or all`);
  const listed = createProgressiveSurface({ catalog, advertised: catalog.advertised(requested) }).listTools();
  return { toolsets: requested, tools: listed.length, tokens: estimateTokens(JSON.stringify(listed)) };
}

/** Toolsets with tool counts by kind, and the tools/list cost of base-only and of "all". */
export function catalogOverview(catalog: Catalog, hourlyCap: number) {
  const tools = catalog.list();
  return {
    tools: tools.length,
    hourlyCap,
    kinds: TOOL_KINDS,
    surface: { base: surfaceCost(catalog, ""), all: surfaceCost(catalog, "all") },
    toolsets: catalog.toolsets().map((toolset) => {
      const own = tools.filter((tool) => tool.toolset === toolset.name);
      return {
        name: toolset.name,
        title: toolset.title,
        description: toolset.description,
        prefix: toolset.prefix,
        total: own.length,
        kinds: Object.fromEntries(TOOL_KINDS.map((kind) => [kind, own.filter((tool) => tool.kind === kind).length])),
        tools: own.map((tool) => ({ name: tool.name, kind: tool.kind })),
      };
    }),
  };
}

const MAX_QUERY_LENGTH = 500;

// The catalog tenant of ?workspace= (a name, as on the Learned page): its id while learning is per
// workspace, none when it is shared or off (every search ranks alike then). Absent: no workspace;
// present, it must name one: malformed (empty included) 400, unknown 404.
async function tenantOfParam(gateway: Gateway, params: URLSearchParams): Promise<string | undefined> {
  const workspace = await workspaceOfParam(gateway, params);
  return workspace === undefined ? undefined : gateway.learning?.tenantOf(workspace.id);
}

/**
 * `GET search?q=&limit=&offset=&toolset=&workspace=`: search_tools' ranking for a plain-words
 * query, with the score beside each hit. Without `workspace` it is the ranking with nothing a
 * workspace learned for itself; with a workspace's name, the ranking that workspace's tokens get.
 */
export async function searchCatalog(gateway: Gateway, params: URLSearchParams) {
  const query = params.get("q") ?? "";
  if (query.length > MAX_QUERY_LENGTH) throw new UiRefusal(400, "INVALID_ARGUMENT", `q is ${query.length} characters; at most ${MAX_QUERY_LENGTH}`);
  const limit = params.has("limit") ? Number(params.get("limit")) : 10;
  const offset = params.has("offset") ? Number(params.get("offset")) : 0;
  const toolset = params.get("toolset") || undefined;
  const tenant = await tenantOfParam(gateway, params);
  try {
    return await gateway.catalog.search({ query, limit, offset, ...(toolset ? { toolset } : {}), ...(tenant === undefined ? {} : { tenant }) });
  } catch (error) {
    if (CatalogError.isInstance(error)) throw new UiRefusal(400, error.code, error.message);
    throw error;
  }
}

/** One tool as describe_tool shows it, plus the tokens of its tools/list definition. */
export function describeForUi(catalog: Catalog, name: string) {
  let description: ReturnType<Catalog["describe"]>;
  try {
    description = catalog.describe(name);
  } catch (error) {
    // The catalog's own refusal names the closest tools.
    if (CatalogError.isInstance(error)) throw new UiRefusal(404, error.code, error.message);
    throw error;
  }
  return {
    ...description,
    tokens: {
      definition: estimateTokens(JSON.stringify(listedToolOf(catalog.get(name)!))),
      describe: estimateTokens(JSON.stringify(description)),
    },
  };
}
