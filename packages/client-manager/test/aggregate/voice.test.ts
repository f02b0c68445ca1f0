// The aggregating server's words without a host: the library's own voice in approval refusals
// and namespaced URIs, a host's voice when it passes one, and the short tool names that now live
// in the one naming module (registry/naming.ts).
import { describe, expect, it } from "vitest";
import { AGGREGATOR_VOICE, approveCall, parseResourceUriOf, resourceUriOf, type AggregatorVoice } from "../../src/aggregate";
import { shortToolNames, type ApprovalRequest } from "../../src/index";

const request: ApprovalRequest = { hostName: "mcp__web__delete_page", tool: "delete_page", server: "web", transport: "streamable_http", target: "https://cms.example/mcp", arguments: {} };
const HOST: AggregatorVoice = { name: "hub", process: "hub serve", httpProcess: "hub serve --http", approvalSetting: "--approval" };

describe("the aggregator's voice", () => {
  it("speaks as the library when its caller passes none", async () => {
    expect(await approveCall("deny", request, undefined)).toEqual({ allowed: false, reason: "Call to mcp__web__delete_page refused: the aggregating server runs with the approval mode deny." });
    expect(await approveCall("ask", request, undefined)).toEqual({
      allowed: false,
      reason: "Call to mcp__web__delete_page needs approval and this client cannot be asked (no MCP elicitation); restart the aggregating server with the approval mode auto to allow it.",
    });
    expect(resourceUriOf(AGGREGATOR_VOICE, "mem", "file:///a")).toBe("aggregate://mem/file:///a");
  });

  it("speaks as the host that passes its voice", async () => {
    expect(await approveCall("deny", request, undefined, HOST)).toEqual({ allowed: false, reason: "Call to mcp__web__delete_page refused: hub serve runs with --approval deny." });
    expect(resourceUriOf(HOST, "mem", "foundry://memory/index")).toBe("hub://mem/foundry://memory/index");
    expect(parseResourceUriOf(HOST, "hub://mem/foundry://memory/index")).toEqual({ server: "mem", uri: "foundry://memory/index" });
    expect(parseResourceUriOf(HOST, "aggregate://mem/x")).toBeUndefined();
  });
});

describe("shortToolNames", () => {
  it("drops mcp__ and cuts with a hash to fit 64 characters after the client's prefix", () => {
    const names = shortToolNames("mcp__hub__");
    expect(names("mcp__mem__memory_search")).toBe("mem__memory_search");
    const long = `mcp__docs__${"x".repeat(60)}`;
    const short = names(long);
    expect(short).toMatch(/^docs__x+_[0-9a-f]{8}$/);
    expect("mcp__hub__".length + short.length).toBe(64);
    expect(names(`${long}y`)).not.toBe(short);
  });
});
