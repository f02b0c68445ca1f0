// Namespaced resource URIs and prompt names round-trip without state: client-manager's one naming
// module (registry/naming.ts) under foya's voice (the foya:// scheme).
import { parseUpstreamPromptName as parsePromptName, upstreamPromptName as promptName } from "@foundry-mcp/client-manager";
import { parseResourceUriOf, resourceUriOf } from "@foundry-mcp/client-manager/aggregate";
import { describe, expect, it } from "vitest";
import { FOYA_SERVE_VOICE } from "../../src/serve/foya-aggregate";

const resourceUri = (server: string, uri: string): string => resourceUriOf(FOYA_SERVE_VOICE, server, uri);
const parseResourceUri = (uri: string): { server: string; uri: string } | undefined => parseResourceUriOf(FOYA_SERVE_VOICE, uri);

describe("resource URIs", () => {
  it("round-trip, keeping the upstream URI whole", () => {
    const uri = resourceUri("mem", "foundry://runbooks/deploy?x=1");
    expect(uri).toBe("foya://mem/foundry://runbooks/deploy?x=1");
    expect(parseResourceUri(uri)).toEqual({ server: "mem", uri: "foundry://runbooks/deploy?x=1" });
  });

  it("reject anything else", () => {
    expect(parseResourceUri("foundry://memory/index")).toBeUndefined();
    expect(parseResourceUri("foya://mem/")).toBeUndefined();
    expect(parseResourceUri("foya:///x")).toBeUndefined();
  });
});

describe("prompt names", () => {
  it("split on the longest known server name", () => {
    expect(promptName("a", "b__c")).toBe("a__b__c");
    expect(parsePromptName("a__b__c", ["a", "a__b"])).toEqual({ server: "a__b", name: "c" });
    expect(parsePromptName("a__b__c", ["a"])).toEqual({ server: "a", name: "b__c" });
    expect(parsePromptName("zz__p", ["a"])).toBeUndefined();
  });
});
