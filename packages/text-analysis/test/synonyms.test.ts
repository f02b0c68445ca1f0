import { describe, expect, it } from "vitest";
import { synonymsFor } from "../src/index";

describe("synonymsFor", () => {
  it("reads a past form only as a verb, through its lemma", () => {
    expect(synonymsFor("replied")).toEqual(["answer", "respond"]);
    expect(synonymsFor("purchased")).toEqual(["buy"]);
    expect(synonymsFor("bought")).toEqual(["purchase"]);
  });

  it("reads a bare word in every part of speech it has, or only the one asked for", () => {
    expect(synonymsFor("reply")).toEqual(["answer", "response", "respond"]);
    expect(synonymsFor("reply", "verb")).toEqual(["answer", "respond"]);
    expect(synonymsFor("reply", "noun")).toEqual(["answer", "response"]);
  });

  it("reads a plural through its singular", () => {
    expect(synonymsFor("films")).toEqual(["movie", "picture", "cinema"]);
  });

  it("leaves out words of very many senses, as a word and as a synonym", () => {
    // make and get have dozens of senses; "look" keeps appear and seem, not "face" (a noun of many senses).
    expect(synonymsFor("making")).toEqual([]);
    expect(synonymsFor("got")).toEqual([]);
    expect(synonymsFor("look", "verb")).toEqual(["appear", "seem"]);
  });

  it("gives nothing for a word WordNet lacks, or a form only looking like a past one", () => {
    expect(synonymsFor("kubernetes")).toEqual([]);
    expect(synonymsFor("speed", "noun")).toEqual(["velocity"]);
  });
});
