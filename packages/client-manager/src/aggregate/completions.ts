// `completion/complete` through the aggregating server: the argument completions of a prompt
// (`<server>__<name>`) or a resource template (`<name>://<server>/<template>`) come from the upstream
// that owns it, asked with its own name for it. An owner that offers no completions, or is not
// connected, gives no suggestions (an empty list, as the spec asks), not an error. The capability
// is declared when an upstream declares it, or may (one is still connecting when the session opens).
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CompleteRequestSchema, type CompleteRequest, type CompleteResult } from "@modelcontextprotocol/sdk/types.js";
import { checkedRequest, unknownPrompt, unknownResource } from "@foundry-mcp/server-kit";
import { parseUpstreamPromptName } from "../registry/naming";
import type { RegistryView } from "./registry-view";
import type { AggregatedManager } from "./manager";
import { parseResourceUriOf, promptShapeHint, uriShapeHint, type AggregatorVoice } from "./voice";

const NO_SUGGESTIONS: CompleteResult = { completion: { values: [], total: 0, hasMore: false } };

/** Whether a session opened now declares `completions`: an upstream offers them, or one may (not connected yet). */
export function offersCompletions(manager: AggregatedManager): boolean {
  if (manager.completionServers().length > 0) return true;
  const rows = manager.status();
  // On stdio the session opens before start() has made any row: every configured server may still offer them.
  return rows.length < (manager.configuredServers?.() ?? rows.length) || rows.some((row) => row.state === "connecting");
}

type Ref = CompleteRequest["params"]["ref"];

/** The upstream that owns `ref`, and `ref` under the upstream's own name for it. */
function ownerOf(ref: Ref, servers: readonly string[], voice: AggregatorVoice): { server: string; ref: Ref } {
  if (ref.type === "ref/prompt") {
    const target = parseUpstreamPromptName(ref.name, servers);
    if (!target) throw unknownPrompt(ref.name, `${promptShapeHint(voice)}.`);
    return { server: target.server, ref: { type: "ref/prompt", name: target.name } };
  }
  const target = parseResourceUriOf(voice, ref.uri);
  if (!target) throw unknownResource(ref.uri, `${uriShapeHint(voice)}.`);
  return { server: target.server, ref: { type: "ref/resource", uri: target.uri } };
}

/** Registers `completion/complete` on `server` (which must declare `completions`); requests wait for `ready`. */
export function installCompletions(server: Server, manager: AggregatedManager, view: RegistryView, ready: () => Promise<void> | undefined, voice: AggregatorVoice): void {
  server.setRequestHandler(checkedRequest("completion/complete", CompleteRequestSchema), async (request) => {
    await ready();
    const { ref, argument, context } = request.params;
    const owner = ownerOf(ref, view.servers().map((row) => row.name), voice);
    if (!manager.completionServers().includes(owner.server)) return NO_SUGGESTIONS;
    return manager.complete(owner.server, { ref: owner.ref, argument, ...(context !== undefined ? { context } : {}) });
  });
}
