// The shapes the dashboard's API answers with (apps/amicited-gateway/src/server/ui/*-api.ts).
export type Kind = "read" | "write" | "paid" | "destructive";

export interface SurfaceCost {
  toolsets: string[];
  tools: number;
  tokens: number;
}

export interface ToolsetOverview {
  name: string;
  title: string;
  description: string;
  prefix: string;
  total: number;
  kinds: Record<Kind, number>;
  tools: { name: string; kind: Kind }[];
}

export interface CatalogOverview {
  tools: number;
  hourlyCap: number;
  kinds: Kind[];
  surface: { base: SurfaceCost; all: SurfaceCost };
  toolsets: ToolsetOverview[];
}

export interface SearchHit {
  name: string;
  toolset: string;
  kind: Kind;
  summary: string;
  matchedIn: string[];
  score: number;
}

export interface SearchPage {
  results: SearchHit[];
  paging: { offset: number; limit: number; total: number; has_more: boolean; next_offset: number | null };
}

export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  additionalProperties?: boolean | JsonSchema;
}

export interface ToolPage {
  name: string;
  title?: string;
  description: string;
  toolset: string;
  kind: Kind;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
  annotations: Record<string, unknown>;
  tokens: { definition: number; describe: number };
}

export interface WorkspaceSummary {
  name: string;
  plan: string;
  credits: number;
  created_at: string;
  tokens: number;
  calls_this_hour: number | null;
}

export interface TokenRow {
  id: number;
  label: string;
  scope: "read" | "write";
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface Usage {
  workspace: string;
  hourlyCap: number;
  quota: { used: number; resetAt: string } | null;
  retentionDays: number;
  hourly: { hour: string; calls: number; refused: number }[];
  topTools: { tool: string; kind: Kind | null; calls: number; refused: number; avgMs: number }[];
  refusals: { code: string; calls: number }[];
  credits: { plan: string; balance: number; ledger: { at: string; tool: string; amount: number; balance_after: number }[] };
}

export interface LearnedRow {
  id: number;
  learnedAt: string;
  workspace: string;
  tool: string;
  request: string;
}

export interface LearnedPage {
  total: number;
  offset: number;
  limit: number;
  rows: LearnedRow[];
  tools: { tool: string; count: number }[];
}

export interface ChoiceRankCounts {
  choices: number;
  first: number;
  top3: number;
  firstPage: number;
}

export interface SearchQuality {
  workspace: string | null;
  /** The first and last UTC day counted (YYYY-MM-DD). */
  from: string;
  to: string;
  days: (ChoiceRankCounts & { day: string })[];
  total: ChoiceRankCounts;
}
