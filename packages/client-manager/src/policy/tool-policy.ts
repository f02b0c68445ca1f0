// The session tool policy: which registry tools may enter a request (SPEC §3 Permissions).
// Patterns are "<server glob>/<tool glob>" or just "<server glob>" (all its tools); deny wins.
import { matchesGlob } from "../registry/glob";
import type { HostTool } from "../registry/types";

/** Allow and deny pattern lists of a {@link ToolPolicy}. */
export interface ToolPolicyOptions {
  /** When non-empty, a tool must match one of these. */
  allow?: string[];
  /** A tool matching one of these is out, whatever `allow` says. */
  deny?: string[];
}

/** Why a tool is in or out. */
export interface PolicyDecision {
  allowed: boolean;
  /** The pattern that decided, if one did. */
  pattern?: string;
  reason: "allowed" | "denied_by_pattern" | "not_in_allow_list";
}

function matches(pattern: string, server: string, tool: string): boolean {
  const slash = pattern.indexOf("/");
  if (slash === -1) return matchesGlob(pattern, server);
  return matchesGlob(pattern.slice(0, slash), server) && matchesGlob(pattern.slice(slash + 1), tool);
}

/**
 * Allow/deny by server and tool pattern.
 *
 * @example
 * const policy = new ToolPolicy({ allow: ["memory", "fs/read_*"], deny: ["*\/delete_*"] });
 * policy.allows("fs", "read_file") // true
 */
export class ToolPolicy {
  readonly allow: readonly string[];
  readonly deny: readonly string[];

  constructor(options: ToolPolicyOptions = {}) {
    this.allow = [...(options.allow ?? [])];
    this.deny = [...(options.deny ?? [])];
  }

  /** The decision for one tool, with the pattern responsible. */
  decide(server: string, tool: string): PolicyDecision {
    const denied = this.deny.find((pattern) => matches(pattern, server, tool));
    if (denied !== undefined) return { allowed: false, pattern: denied, reason: "denied_by_pattern" };
    if (this.allow.length === 0) return { allowed: true, reason: "allowed" };
    const allowed = this.allow.find((pattern) => matches(pattern, server, tool));
    return allowed === undefined ? { allowed: false, reason: "not_in_allow_list" } : { allowed: true, pattern: allowed, reason: "allowed" };
  }

  allows(server: string, tool: string): boolean {
    return this.decide(server, tool).allowed;
  }

  /** The tools the policy lets in, in their order. */
  filter(tools: HostTool[]): HostTool[] {
    return tools.filter((tool) => this.allows(tool.server, tool.tool));
  }
}
