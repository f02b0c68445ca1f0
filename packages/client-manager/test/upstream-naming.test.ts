// The one naming module (registry/naming.ts): what a host shows of its upstream servers' tools,
// prompts and resources, and the way back from each name to its server.
import { describe, expect, it } from "vitest";
import { hostToolName, hostToolPrefix, parseUpstreamPromptName, parseUpstreamResourceUri, serverOfHostToolName, upstreamPromptName, upstreamResourceUri } from "../src/index";

describe("upstream naming", () => {
  it("tells a host tool name's server from the name alone, hashed names included, the longest match first", () => {
    expect(hostToolPrefix("mem")).toBe("mcp__mem__");
    const hashed = hostToolName("docs", "search.v2");
    expect(hashed).toMatch(/^mcp__docs__search_v2_[0-9a-f]{8}$/);
    expect(serverOfHostToolName(hashed, ["doc", "docs"])).toBe("docs");
    expect(serverOfHostToolName("mcp__a-b__c", ["a", "a-b"])).toBe("a-b");
    expect(serverOfHostToolName("mcp__zz__c", ["a"])).toBeUndefined();
  });

  it("names prompts `<server>__<name>` and resources under the host's scheme, both reversible without state", () => {
    expect(upstreamPromptName("everything", "simple_prompt")).toBe("everything__simple_prompt");
    expect(parseUpstreamPromptName("a__b__c", ["a", "a__b"])).toEqual({ server: "a__b", name: "c" });
    expect(parseUpstreamPromptName("a__", ["a"])).toBeUndefined();
    const uri = upstreamResourceUri("my-host://", "mem", "foundry://memory/index");
    expect(uri).toBe("my-host://mem/foundry://memory/index");
    expect(parseUpstreamResourceUri("my-host://", uri)).toEqual({ server: "mem", uri: "foundry://memory/index" });
    expect(parseUpstreamResourceUri("other://", uri)).toBeUndefined();
    expect(parseUpstreamResourceUri("my-host://", "my-host://mem/")).toBeUndefined();
  });
});
