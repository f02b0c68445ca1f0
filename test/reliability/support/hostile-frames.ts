// Generates malformed and adversarial JSON-RPC frames, deterministically (seeded), each with the
// answer a correct server gives: a parse error, an invalid request, method-not-found, invalid
// params (as a JSON-RPC error or an isError tool result), or nothing for a notification.
import { seededRandom } from "../../../tooling/test-support.mjs";
export type Expectation = "parse-error" | "invalid-request" | "method-not-found" | "rejected-call" | "no-reply" | "any-reply" | "maybe-reply";

export interface HostileFrame {
  readonly line: string;
  readonly id: number | null;
  readonly expect: Expectation;
  readonly family: string;
}


const WEIRD_STRINGS = [
  "\u0000",
  "\ud800",
  "\udfff\ud800",
  "\ufeff",
  "\u202e\u2066evil",
  "💥".repeat(50),
  "../../../../etc/passwd",
  "%2e%2e%2f%2e%2e%2f",
  "con",
  "a".repeat(5000),
  "\r\n\r\n",
  "${jndi:ldap://x}",
  "<script>alert(1)</script>",
  "__proto__",
  "constructor",
];

/** Valid JSON that no JSON-RPC message can be (issue #38: `null` was a 500 over HTTP). */
export const NON_MESSAGE_BODIES: readonly string[] = ["null", "0", "-1.5", "1e308", '"ping"', '""', "true", "false", "[]", "[null]", "[1,2]", '["x"]', "[true]", "[[]]"];

function nested(depth: number, open: string, close: string, inner = "1"): string {
  return open.repeat(depth) + inner + close.repeat(depth);
}

/**
 * Builds `count` frames. `toolNames` are the target's real tools (calls to them get hostile
 * arguments); ids start at `firstId` and are unique.
 */
export function hostileFrames(count: number, toolNames: readonly string[], seed = 20261130, firstId = 100_000): HostileFrame[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const frames: HostileFrame[] = [];
  let nextId = firstId;
  const request = (method: unknown, params: unknown, expect: Expectation, family: string): HostileFrame => {
    const id = nextId++;
    const body: Record<string, unknown> = { jsonrpc: "2.0", id, method };
    if (params !== undefined) body.params = params;
    return { line: JSON.stringify(body), id, expect, family };
  };
  const generators: Array<() => HostileFrame> = [
    () => ({ line: pick(['{"jsonrpc":"2.0","id":1,"method":"ping"', "{", "}", "[", "nonsense", '{"a":}', "{'single':'quotes'}", '{"jsonrpc":"2.0",,}', "\u0000\u0001\u0002", "tru", "NaN"]), id: null, expect: "parse-error", family: "bad-json" }),
    () => ({ line: `{"jsonrpc":"2.0","id":${nextId++},"method":"ping",` + "x".repeat(Math.floor(random() * 200)), id: null, expect: "parse-error", family: "truncated" }),
    () => request(`unknown/${Math.floor(random() * 1e6)}`, {}, "method-not-found", "unknown-method"),
    () => request(pick(["prompts/list", "sampling/createMessage", "completion/complete", "tasks/list", "logging/setLevel-x"]), {}, "any-reply", "unsupported-method"),
    () => request(pick([42, null, true, { method: "ping" }, ["ping"]]), {}, "invalid-request", "method-wrong-type"),
    () => ({ line: JSON.stringify({ jsonrpc: pick(["1.0", 2, null]), id: nextId++, method: "ping" }), id: nextId - 1, expect: "maybe-reply", family: "bad-version" }),
    () => request("tools/call", pick([null, "string", 42, [], { name: 42 }, { name: null }, { arguments: {} }]), "rejected-call", "call-wrong-params"),
    () => request("tools/call", { name: pick(toolNames), arguments: pick([null, "x", 7, [], { [`unknown-${pick(WEIRD_STRINGS)}`]: pick(WEIRD_STRINGS) }]) }, "rejected-call", "call-bad-arguments"),
    () => request("tools/call", { name: pick(WEIRD_STRINGS), arguments: {} }, "rejected-call", "call-unknown-tool"),
    () => request("tools/call", { name: pick(toolNames), arguments: Object.fromEntries(Array.from({ length: 5 }, () => [pick(["query", "wave", "agent", "slug", "name", "path", "schema", "title", "body", "type", "limit", "uri", "arguments"]), pick<unknown>([...WEIRD_STRINGS, -1, 1e308, true, null, {}, []])])) }, "any-reply", "call-fuzzed-arguments"),
    () => request("resources/read", pick([{ uri: pick(WEIRD_STRINGS) }, { uri: 42 }, {}, null]), "any-reply", "resource-bad-uri"),
    () => request("tools/list", pick([{ cursor: pick(WEIRD_STRINGS) }, { cursor: 9 }, "x"]), "any-reply", "list-bad-cursor"),
    () => ({ line: JSON.stringify({ jsonrpc: "2.0", method: pick(["notifications/cancelled", "notifications/unknown", "notifications/initialized"]), params: { requestId: pick(WEIRD_STRINGS) } }), id: null, expect: "no-reply", family: "notification" }),
    () => request("ping", { padding: nested(2000 + Math.floor(random() * 3000), "[", "]") }, "any-reply", "deep-nesting"),
    () => request("ping", { padding: "Z".repeat(100_000 + Math.floor(random() * 100_000)) }, "any-reply", "huge-string"),
    () => request("ping", { [pick(WEIRD_STRINGS)]: pick(WEIRD_STRINGS), __proto__: { polluted: true } }, "any-reply", "unicode-and-proto"),
    () => ({ line: JSON.stringify({ jsonrpc: "2.0", id: { nested: pick(WEIRD_STRINGS) }, method: "ping" }), id: null, expect: "maybe-reply", family: "id-wrong-type" }),
    () => ({ line: pick(NON_MESSAGE_BODIES), id: null, expect: "invalid-request", family: "non-message" }),
  ];
  for (let index = 0; index < count; index += 1) {
    // Huge and deeply nested frames are costly: keep them to about one frame in a hundred.
    let generator = pick(generators);
    while ((generator === generators[13] || generator === generators[14]) && random() > 0.06) generator = pick(generators);
    frames.push(generator());
  }
  return frames;
}

/** JSON-RPC error codes a correct server answers for each expectation (undefined: any reply). */
export const EXPECTED_CODES: Partial<Record<Expectation, readonly number[]>> = {
  "parse-error": [-32700],
  "invalid-request": [-32600],
  "method-not-found": [-32601],
};
