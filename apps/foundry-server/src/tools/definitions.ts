// The nine tools as a client sees them in tools/list: name, description with the "call it when"
// guidance of SPEC §2, hand-written JSON Schema input (the enums and bounds a client can check
// before calling) and MCP annotations. handlers.ts runs them; check-arguments.ts enforces the
// same schemas at the edge.
import { CONFIDENCES, FACT_TYPES, MAX_BODY_WORDS, MAX_SOURCE_CHARS, MAX_TAGS, MAX_TAG_CHARS, MAX_TITLE_CHARS } from "@foundry-mcp/memory";
import type { ArgumentsOf, InputSchema } from "./schema";

/** Every tool this server offers, in tools/list order. */
export const TOOL_NAMES = [
  "memory_search",
  "memory_write",
  "memory_index",
  "runbook_list",
  "runbook_get",
  "contract_validate",
  "blackboard_write",
  "blackboard_read",
  "token_report",
] as const;

/** One of the nine tool names. */
export type ToolName = (typeof TOOL_NAMES)[number];

/** MCP tool annotations (hints for the client, never enforced). */
export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint: boolean;
  openWorldHint: false;
}

/** A tool as listed, plus what the edge validator needs to word its messages. */
export interface ToolDefinition {
  name: ToolName;
  title: string;
  description: string;
  inputSchema: InputSchema;
  annotations: ToolAnnotations;
  /** Human wording of each `pattern`, used in validation errors. */
  patternHints?: Record<string, string>;
}

const NO_INPUT = { type: "object", properties: {}, additionalProperties: false } as const satisfies InputSchema;

const readOnly = (title: string): ToolAnnotations => ({ title, readOnlyHint: true, idempotentHint: true, openWorldHint: false });
const writing = (title: string, idempotentHint: boolean): ToolAnnotations => ({
  title,
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint,
  openWorldHint: false,
});

const memorySearch = {
  name: "memory_search",
  title: "Search project memory",
  description:
    "Search project memory and return only the matching facts. Call it before planning, before proposing an architecture, and whenever the user mentions a past decision. Use it instead of reading files under .foundry/memory/: it is the token-cheap path. Keyword scoring, not semantic: try the words a fact would use.",
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string", minLength: 1, maxLength: 1000, description: "Keywords describing what you need to know." },
      type: { type: "string", enum: FACT_TYPES, description: "Only facts of this type." },
      limit: {
        type: "integer",
        minimum: 1,
        maximum: 25,
        description: "Most facts to return, 1-25. Defaults to memoryRetrieval.maxFacts (8).",
      },
    },
    required: ["query"],
    additionalProperties: false,
  },
  annotations: readOnly("Search project memory"),
} as const satisfies ToolDefinition;

const memoryWrite = {
  name: "memory_write",
  title: "Store a fact",
  description:
    "Store one atomic, durable fact. Call it when a decision, constraint, convention or risk has just been established. Deduplicates against active facts, assigns the id, keeps supersedes chains and rebuilds the index. Never write memory files by hand. Never use it for transient session state.",
  inputSchema: {
    type: "object",
    properties: {
      title: {
        type: "string",
        minLength: 1,
        maxLength: MAX_TITLE_CHARS,
        description: `States the fact itself, not the topic. At most ${MAX_TITLE_CHARS} characters.`,
      },
      body: {
        type: "string",
        minLength: 1,
        maxLength: 5000,
        description: `At most ${MAX_BODY_WORDS} words. For decision and risk include a \`Why:\` line and a \`How to apply:\` line.`,
      },
      type: { type: "string", enum: FACT_TYPES, description: "What kind of fact this is." },
      scope: {
        type: "string",
        pattern: "^(project|module:[^\\s]+|vertical:[^\\s]+)$",
        default: "project",
        description: "project | module:<name> | vertical:<name>. Default project.",
      },
      tags: {
        type: "array",
        items: { type: "string", minLength: 1, maxLength: MAX_TAG_CHARS },
        maxItems: MAX_TAGS,
        default: [],
        description: "Keywords that help search find the fact. Default [].",
      },
      confidence: { type: "string", enum: CONFIDENCES, default: "medium", description: "Default medium." },
      // The forms and the free-form rule are memory's (validateFactInput); the schema states the bound.
      source: {
        type: "string",
        minLength: 1,
        maxLength: MAX_SOURCE_CHARS,
        default: "conversation",
        description: `adr-NNNN | conversation | code | external:<url>, or any other single line of at most ${MAX_SOURCE_CHARS} characters naming where the fact came from. Default conversation.`,
      },
      expires: {
        type: "string",
        pattern: "^\\d{4}-\\d{2}-\\d{2}$",
        description: "YYYY-MM-DD after which the fact stops being loaded.",
      },
      supersedes: { type: "string", pattern: "^fact-\\d{4,}$", description: "Id of the fact this one replaces, as memory_search shows it (fact-0009, fact-482139), to make the link explicit." },
    },
    required: ["title", "body", "type"],
    additionalProperties: false,
  },
  annotations: writing("Store a fact", true),
  patternHints: {
    scope: "project, module:<name> or vertical:<name>",
    expires: "a date as YYYY-MM-DD",
    supersedes: "a fact id as memory_search shows it, such as fact-0009 or fact-482139",
  },
} as const satisfies ToolDefinition;

const memoryIndex = {
  name: "memory_index",
  title: "Rebuild the memory index",
  description:
    "Rebuild .foundry/memory/INDEX.md within its token budget and report the budget use. memory_write already rebuilds it: call this only after facts were written by other means.",
  inputSchema: NO_INPUT,
  annotations: writing("Rebuild the memory index", true),
} as const satisfies ToolDefinition;

const runbookList = {
  name: "runbook_list",
  title: "List runbooks",
  description:
    "List the project's runbooks with their triggers. Call it before any recurring or error-prone task: a runbook that exists is followed, not improvised.",
  inputSchema: NO_INPUT,
  annotations: readOnly("List runbooks"),
} as const satisfies ToolDefinition;

const runbookGet = {
  name: "runbook_get",
  title: "Read a runbook",
  description: "Return the full markdown of one runbook. Call it when a runbook applies and its full text is needed.",
  inputSchema: {
    type: "object",
    properties: { slug: { type: "string", minLength: 1, maxLength: 200, description: "The runbook's slug, as runbook_list shows it." } },
    required: ["slug"],
    additionalProperties: false,
  },
  annotations: readOnly("Read a runbook"),
} as const satisfies ToolDefinition;

const contractValidate = {
  name: "contract_validate",
  title: "Validate against a contract",
  description:
    "Validate a JSON artifact against a Foundry contract schema and list the violations. Call it when an artifact is checked before it is written, or instead of writing it. Give exactly one of `data` and `path`.",
  inputSchema: {
    type: "object",
    properties: {
      schema: { type: "string", minLength: 1, maxLength: 200, description: "Contract id, e.g. finding.v1." },
      data: { type: "object", description: "The artifact to validate." },
      path: {
        type: "string",
        minLength: 1,
        maxLength: 4096,
        description: "Instead of data: a JSON file, relative to the project root; it must stay inside the root.",
      },
    },
    required: ["schema"],
    additionalProperties: false,
  },
  annotations: readOnly("Validate against a contract"),
} as const satisfies ToolDefinition;

const blackboardWrite = {
  name: "blackboard_write",
  title: "Hand work to the next wave",
  description:
    "Write a wave artifact and validate it against its contract in one step. Call it when work is handed to the next wave. The server sets `schema` and `producedBy`; nothing is written if validation fails. Afterwards return to your caller only the path and a short summary.",
  inputSchema: {
    type: "object",
    properties: {
      wave: {
        type: "string",
        minLength: 1,
        maxLength: 1000,
        description: "Wave id, e.g. analysis. Characters outside [A-Za-z0-9._-] become -, cut to 80 characters.",
      },
      agent: { type: "string", minLength: 1, maxLength: 1000, description: "Producing agent's name; sanitized like wave." },
      schema: { type: "string", minLength: 1, maxLength: 200, description: "Contract id the artifact satisfies, e.g. review.v1." },
      data: { type: "object", description: "The artifact." },
    },
    required: ["wave", "agent", "schema", "data"],
    additionalProperties: false,
  },
  annotations: writing("Hand work to the next wave", true),
} as const satisfies ToolDefinition;

const blackboardRead = {
  name: "blackboard_read",
  title: "Read a wave's artifacts",
  description:
    "Read a wave's artifacts: by default one line of metadata and a summary each. Call it when resuming what an earlier wave produced. `full: true` dumps every artifact verbatim, which is exactly what the context firewall exists to prevent: use it only when you truly need the whole artifact.",
  inputSchema: {
    type: "object",
    properties: {
      wave: { type: "string", minLength: 1, maxLength: 1000, description: "Wave id, e.g. analysis." },
      agent: { type: "string", minLength: 1, maxLength: 1000, description: "Only this producer's artifact." },
      full: { type: "boolean", default: false, description: "Return whole artifacts instead of summaries. Default false." },
    },
    required: ["wave"],
    additionalProperties: false,
  },
  annotations: readOnly("Read a wave's artifacts"),
} as const satisfies ToolDefinition;

const tokenReport = {
  name: "token_report",
  title: "Token report",
  description:
    "Report Foundry's token accounting for this project: index, facts, blackboard and recorded events (gate blocks included). Call it when answering \"how much is this costing\".",
  inputSchema: NO_INPUT,
  annotations: readOnly("Token report"),
} as const satisfies ToolDefinition;

// Literal types kept (as const satisfies ToolDefinition), so each tool's argument type comes
// from its own schema (ToolArgumentsOf) instead of casts in the handlers.
const DEFINITIONS = {
  memory_search: memorySearch,
  memory_write: memoryWrite,
  memory_index: memoryIndex,
  runbook_list: runbookList,
  runbook_get: runbookGet,
  contract_validate: contractValidate,
  blackboard_write: blackboardWrite,
  blackboard_read: blackboardRead,
  token_report: tokenReport,
} as const;

/** The definitions by name. */
export const TOOL_DEFINITIONS: Readonly<Record<ToolName, ToolDefinition>> = DEFINITIONS;

/** The arguments of tool `N` once its schema accepted them, typed from that schema. */
export type ToolArgumentsOf<N extends ToolName> = ArgumentsOf<(typeof DEFINITIONS)[N]["inputSchema"]>;

/** True when `name` is one of the nine tools. */
export function isToolName(name: string): name is ToolName {
  return (TOOL_NAMES as readonly string[]).includes(name);
}
