import { describe, expect, it } from "vitest";
import { parseFact, serializeFact } from "../src/index";
import type { Fact } from "../src/index";

const base: Fact = {
  id: "fact-0042",
  type: "decision",
  title: "T",
  body: "Body line.\nWhy: x\nHow to apply: y",
  scope: "module:billing",
  tags: ["db", "two words"],
  confidence: "high",
  source: "adr-0007",
  created: "2026-03-10T12:00:00Z",
};

describe("fact files", () => {
  it("writes readable, diffable front matter", () => {
    expect(
      serializeFact({
        ...base,
        title: "Persistence layer uses Flyway",
        expires: "2027-01-31",
        supersedes: "fact-0009",
      }),
    ).toBe(
      "---\nid: fact-0042\ntype: decision\ntitle: Persistence layer uses Flyway\nscope: module:billing\ntags: [db, two words]\nconfidence: high\nsource: adr-0007\ncreated: 2026-03-10T12:00:00Z\nexpires: 2027-01-31\nsupersedes: fact-0009\n---\nBody line.\nWhy: x\nHow to apply: y\n",
    );
  });

  it.each([
    'Uses: colons, "quotes" and # hash',
    "'single' quotes",
    "null",
    "123",
    "true",
    "- leading dash",
    "C# for tools",
    "Ünïcödé tïtle — with dashes",
    "[not a list]",
    "{braces}",
    "ends with colon:",
    "back\\slash",
    "key: value inside",
    "tab\tinside",
  ])("round-trips the title %j", (title) => {
    const fact = { ...base, title, tags: ["a:b", "x, y", "123", "null"] };
    expect(parseFact(serializeFact(fact), "fact-0042")).toEqual({ ok: true, fact });
  });

  it("parses hand-written YAML the fast path does not take", () => {
    const text =
      "---\n# edited by hand\nid: fact-0001\ntype: glossary\ntitle: >\n  Folded\n  title\ntags:\n  - one\n  - two\n---\nBody\n";
    expect(parseFact(text, "fact-0001")).toMatchObject({
      ok: true,
      fact: {
        title: "Folded title",
        tags: ["one", "two"],
        confidence: "medium",
        source: "conversation",
        scope: "project",
      },
    });
  });

  it.each([
    [
      "no front matter",
      "just text",
      "no front matter: the file must start with a --- line and close it with another",
    ],
    ["bad id", "---\nid: f-1\n---\n", 'id "f-1" is not fact-NNNN'],
    [
      "id mismatch",
      "---\nid: fact-0002\ntype: domain\ntitle: t\n---\n",
      "id fact-0002 does not match the file name fact-0001.md",
    ],
    [
      "bad type",
      "---\nid: fact-0001\ntype: idea\ntitle: t\n---\n",
      'type "idea" is not one of decision, constraint, convention, domain, risk, metric, glossary',
    ],
    [
      "bad expires",
      "---\nid: fact-0001\ntype: domain\ntitle: t\nexpires: soon\n---\n",
      'expires "soon" is not YYYY-MM-DD',
    ],
    ["missing title", "---\nid: fact-0001\ntype: domain\n---\n", "title is missing"],
  ])("reports %s", (_name, text, reason) => {
    expect(parseFact(text, "fact-0001")).toEqual({ ok: false, reason });
  });
});
