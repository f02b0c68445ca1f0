// The approval gateway: whether one call may run (SPEC §3 Permissions). Modes `auto` (run),
// `ask` (the host's `ask` callback decides; read-only-annotated tools pass unasked) and `deny`.
import type { ToolAnnotations } from "../registry/types";

/** How the gateway treats calls. */
export type ApprovalMode = "auto" | "ask" | "deny";

/** What the person (or host logic) approving a call is shown. */
export interface ApprovalRequest {
  /** Host name of the tool. */
  hostName: string;
  /** The tool's name on its server. */
  tool: string;
  server: string;
  transport: string;
  /** The command line (stdio) or URL (remote) the call goes to. */
  target: string;
  arguments: Record<string, unknown>;
  annotations?: ToolAnnotations;
}

/** The outcome and why. */
export interface ApprovalDecision {
  approved: boolean;
  mode: ApprovalMode;
  reason: "auto" | "read_only" | "approved_by_user" | "denied_by_user" | "mode_deny" | "no_ask_callback" | "ask_failed";
}

/** Options of {@link ApprovalGateway}. */
export interface ApprovalGatewayOptions {
  mode: ApprovalMode;
  /** Asked in `ask` mode; resolve true to run the call. */
  ask?: (request: ApprovalRequest) => Promise<boolean> | boolean;
  /** In `ask` mode, let tools annotated `readOnlyHint: true` run unasked. Default true. */
  readOnlyPasses?: boolean;
}

/**
 * Decides whether calls run. Annotations are server hints: set `readOnlyPasses: false` for
 * servers you do not trust to label themselves honestly.
 *
 * @example
 * const gateway = new ApprovalGateway({ mode: "ask", ask: async (request) => confirm(`${request.tool} on ${request.target}?`) });
 */
export class ApprovalGateway {
  mode: ApprovalMode;
  private readonly ask: ApprovalGatewayOptions["ask"];
  private readonly readOnlyPasses: boolean;

  constructor(options: ApprovalGatewayOptions) {
    this.mode = options.mode;
    this.ask = options.ask;
    this.readOnlyPasses = options.readOnlyPasses ?? true;
  }

  async decide(request: ApprovalRequest): Promise<ApprovalDecision> {
    const mode = this.mode;
    if (mode === "auto") return { approved: true, mode, reason: "auto" };
    if (mode === "deny") return { approved: false, mode, reason: "mode_deny" };
    if (this.readOnlyPasses && request.annotations?.readOnlyHint === true) return { approved: true, mode, reason: "read_only" };
    if (!this.ask) return { approved: false, mode, reason: "no_ask_callback" };
    try {
      const approved = await this.ask(structuredClone(request));
      return { approved: approved === true, mode, reason: approved === true ? "approved_by_user" : "denied_by_user" };
    } catch {
      return { approved: false, mode, reason: "ask_failed" };
    }
  }
}
