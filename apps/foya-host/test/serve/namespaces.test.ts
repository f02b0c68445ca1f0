// Namespaced resource URIs and prompt names round-trip without state.
import { describe, expect, it } from "vitest";
import { parsePromptName, parseResourceUri, promptName, resourceUri } from "../../src/serve/namespaces";

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
