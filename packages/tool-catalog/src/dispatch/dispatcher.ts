// The gates every call passes, in order: kind (read entry point), scope, arguments (validator.ts),
// quota (counted once, only for calls that passed the gates), the host's beforeCall hook
// (plan limits), the handler (inside the host's aroundCall hook, e.g. a credit transaction), its
// output normalised and checked. Three steps, so that a host can run the handler itself (its own
// code calling its own tool, no callback from the library): admitCall (the gates, as data: the
// tool, its checked arguments, the wrapper if any), running it (runAdmittedCall, or the host's own
// few lines), completeCall (the output, the afterCall hook).
// Neighbour: catalog.ts owns the tools and calls these for read(), run(), admit() and complete().

import { kindNeedsWriteScope } from "../annotations";
import { CatalogError, CatalogErrorCode } from "../errors";
import type { QuotaDecision } from "../drivers/quota-driver";
import type { CallContext, ToolDefinition, ToolOutput } from "../types";
import { messageOf, type ValidatorProvider } from "@foundry-mcp/core";
import { toToolOutput } from "./output";
import { checkAgainstSchema } from "./validator";

/** Host hooks around a call. Throw a CatalogError (or any error) to refuse the call. */
export interface CatalogHooks<C extends CallContext = CallContext> {
  /** After the gates and the quota, before the handler: plan limits, credits, audit. */
  beforeCall?(tool: ToolDefinition<C>, args: Record<string, unknown>, context: C): Promise<void> | void;
  /**
   * Around the handler: `run` calls it and resolves to its raw value. Use it to run a call inside
   * a transaction (charge credits, act, and roll both back if the handler throws).
   */
  aroundCall?(tool: ToolDefinition<C>, args: Record<string, unknown>, context: C, run: () => Promise<unknown>): Promise<unknown>;
  /**
   * Whether aroundCall wraps this tool's calls (default: every call). A call it does not wrap runs
   * the handler alone, so a host running admitted calls itself needs no callback for it.
   */
  wrapsCall?(tool: ToolDefinition<C>): boolean;
  /** After a handler succeeded (e.g. to charge credits for a paid tool). */
  afterCall?(tool: ToolDefinition<C>, args: Record<string, unknown>, context: C, output: ToolOutput): Promise<void> | void;
}

/** The names the model knows the two entry points by, used in refusal messages. */
export interface EntryPointNames {
  read: string;
  run: string;
  describe: string;
}

/** What dispatchCall needs from the catalog. */
export interface DispatchEnvironment<C extends CallContext> {
  validator: ValidatorProvider;
  hooks: CatalogHooks<C>;
  entryPoints: EntryPointNames;
  validateOutput: boolean;
  /** Counts the call against the hourly cap when it should count; throws QUOTA_EXCEEDED. */
  countCall(tool: ToolDefinition<C>, context: C): Promise<QuotaDecision | undefined>;
}

/** Which entry point a call came through. */
export type EntryPoint = "read" | "run";

/**
 * A call that passed every gate (counted, beforeCall done): what to run. `around` is the host's
 * aroundCall for this call when it wraps it; run `tool.handler(args, context)` inside it, else alone.
 */
export interface AdmittedCall<C extends CallContext = CallContext> {
  tool: ToolDefinition<C>;
  /** The arguments as checked against the input schema (defaults filled in). */
  args: Record<string, unknown>;
  context: C;
  around?: (run: () => Promise<unknown>) => Promise<unknown>;
}

/** The gates of one call; throws CatalogError on any refusal, else the call to run. */
export async function admitCall<C extends CallContext>(
  environment: DispatchEnvironment<C>,
  tool: ToolDefinition<C>,
  entry: EntryPoint,
  args: unknown,
  context: C,
): Promise<AdmittedCall<C>> {
  const names = environment.entryPoints;
  if (entry === "read" && tool.kind !== "read") {
    throw new CatalogError(
      CatalogErrorCode.KIND_NOT_ALLOWED,
      `${tool.name} is a ${tool.kind} tool; ${names.read} runs only read tools. Call ${names.run} instead.`,
      { details: { tool: tool.name, kind: tool.kind } },
    );
  }
  if (kindNeedsWriteScope(tool.kind) && context.scope !== "write") {
    throw new CatalogError(
      CatalogErrorCode.SCOPE_DENIED,
      `${tool.name} is a ${tool.kind} tool and this credential has scope "${context.scope}"; it needs a token with write scope.`,
      { details: { tool: tool.name, kind: tool.kind, scope: context.scope } },
    );
  }
  const outcome = checkAgainstSchema(environment.validator, tool.name, "inputSchema", tool.inputSchema, args);
  if (!outcome.valid) {
    throw new CatalogError(
      CatalogErrorCode.INVALID_ARGUMENTS,
      `Invalid arguments for ${tool.name}: ${outcome.problems.join(" ")} Call ${names.describe} for its input schema.`,
      { details: { tool: tool.name, problems: outcome.problems, issues: outcome.issues } },
    );
  }
  await environment.countCall(tool, context);
  await environment.hooks.beforeCall?.(tool, outcome.data, context);
  context.signal?.throwIfAborted();
  const { aroundCall, wrapsCall } = environment.hooks;
  const admitted: AdmittedCall<C> = { tool, args: outcome.data, context };
  if (aroundCall && wrapsCall?.(tool) !== false) admitted.around = (run) => aroundCall(tool, outcome.data, context, run);
  return admitted;
}

/** Runs an admitted call's handler (inside its wrapper when it has one) and resolves to its raw value. */
export async function runAdmittedCall<C extends CallContext>(call: AdmittedCall<C>): Promise<unknown> {
  const run = async () => call.tool.handler(call.args, call.context);
  return call.around ? call.around(run) : run();
}

/**
 * The output of an admitted call from its run (the pending raw value): a failure is TOOL_FAILED
 * naming the tool (a CatalogError as is), the value normalised and checked against the output
 * schema, then afterCall.
 */
export async function completeCall<C extends CallContext>(environment: DispatchEnvironment<C>, call: AdmittedCall<C>, ran: Promise<unknown>): Promise<ToolOutput> {
  const { tool } = call;
  let output: ToolOutput;
  try {
    output = toToolOutput(await ran);
  } catch (error) {
    if (CatalogError.isInstance(error)) throw error;
    const reason = messageOf(error);
    throw new CatalogError(CatalogErrorCode.TOOL_FAILED, `${tool.name} failed: ${reason}`, { cause: error, details: { tool: tool.name } });
  }
  if (environment.validateOutput && tool.outputSchema !== undefined && output.isError !== true && output.structuredContent !== undefined) {
    const checked = checkAgainstSchema(environment.validator, tool.name, "outputSchema", tool.outputSchema, output.structuredContent);
    if (!checked.valid) {
      throw new CatalogError(CatalogErrorCode.INVALID_OUTPUT, `${tool.name} returned output that does not match its outputSchema: ${checked.problems.join(" ")}`, {
        details: { tool: tool.name, problems: checked.problems },
      });
    }
  }
  await environment.hooks.afterCall?.(tool, call.args, call.context, output);
  return output;
}

/** Runs one call through every gate; throws CatalogError on any refusal or handler failure. */
export async function dispatchCall<C extends CallContext>(
  environment: DispatchEnvironment<C>,
  tool: ToolDefinition<C>,
  entry: EntryPoint,
  args: unknown,
  context: C,
): Promise<ToolOutput> {
  const call = await admitCall(environment, tool, entry, args, context);
  return completeCall(environment, call, runAdmittedCall(call));
}
