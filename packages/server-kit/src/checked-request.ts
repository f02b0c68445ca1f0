// Request schemas for the SDK's setRequestHandler that answer malformed params with JSON-RPC
// -32602 and a readable message. Registering the SDK's own schemas directly would let a zod
// failure escape as -32603 "Internal error" with a JSON dump of issues; here the SDK schema still
// does the checking, and a failure is rethrown as an InvalidParams error the SDK sends as is.
import { z } from "zod";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { protocolError } from "./protocol-error";

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** The part of a zod schema used here, so SDK schemas of either zod build fit. */
interface RequestParser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
}

/** `params.arguments: Invalid input: expected record, received string; …` */
export function describeIssues(issues: readonly Issue[]): string {
  return issues.map((issue) => `${issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ` : ""}${issue.message}`).join("; ");
}

function buildCheckedRequest<M extends string, T extends { method: M; params?: unknown }>(method: M, sdkSchema: RequestParser<T>) {
  return z.object({
    method: z.literal(method),
    params: z.unknown().optional().transform((params): T["params"] => {
      const result = sdkSchema.safeParse(params === undefined ? { method } : { method, params });
      if (!result.success) {
        throw protocolError(ErrorCode.InvalidParams, `Invalid ${method} request: ${describeIssues(result.error.issues)}`);
      }
      return result.data.params;
    }),
  });
}

// Built schemas by SDK schema and method. Servers are built per request in the stateless eras (and
// per 2025 session restored from a store), and building these zod objects is most of what that
// costs (~0.2 ms a Server); the schema is pure, so one per (schema, method) serves every Server.
const built = new WeakMap<object, Map<string, unknown>>();

/**
 * A schema with the method literal the SDK dispatches on, whose params are checked by `sdkSchema`.
 * Built once per (schema, method) and shared.
 *
 * @example server.setRequestHandler(checkedRequest("resources/read", ReadResourceRequestSchema), handler)
 */
export function checkedRequest<M extends string, T extends { method: M; params?: unknown }>(method: M, sdkSchema: RequestParser<T>) {
  let byMethod = built.get(sdkSchema);
  if (!byMethod) built.set(sdkSchema, (byMethod = new Map()));
  let schema = byMethod.get(method) as ReturnType<typeof buildCheckedRequest<M, T>> | undefined;
  if (!schema) byMethod.set(method, (schema = buildCheckedRequest(method, sdkSchema)));
  return schema;
}
