import { describe, expect, it } from "vitest";
import { baseForm, isPastForm, stemWord } from "../src/index";

describe("stemWord", () => {
  it("meets irregular past forms with their base word", () => {
    expect(stemWord("ran")).toBe(stemWord("run"));
    expect(stemWord("wrote")).toBe(stemWord("writing"));
    expect(stemWord("broke")).toBe(stemWord("breaks"));
    expect(stemWord("chosen")).toBe(stemWord("choose"));
    expect(stemWord("paid")).toBe(stemWord("pay"));
    expect(stemWord("understood")).toBe(stemWord("understand"));
  });

  it("meets irregular plurals with their singular", () => {
    expect(stemWord("children")).toBe(stemWord("child"));
    expect(stemWord("people")).toBe(stemWord("person"));
    expect(stemWord("indices")).toBe(stemWord("index"));
  });

  it("joins word families the Porter stemmer splits", () => {
    expect(stemWord("deployment")).toBe("deploy");
    expect(stemWord("deployed")).toBe("deploy");
    expect(stemWord("analysis")).toBe(stemWord("analyze"));
  });

  // Regression (issue 21): "production" met "product", so "releasing to production" ranked
  // product facts above the deploy rule.
  it("keeps apart words the Porter stemmer folds into an unrelated one", () => {
    expect(stemWord("production")).not.toBe(stemWord("product"));
    expect(stemWord("productions")).toBe(stemWord("production"));
    expect(stemWord("news")).not.toBe(stemWord("new"));
    expect(stemWord("products")).toBe(stemWord("product"));
  });

  it("leaves names alone: short words and words with digits", () => {
    expect(stemWord("as")).toBe("as");
    expect(stemWord("k8s")).toBe("k8s");
    expect(stemWord("v2")).toBe("v2");
    expect(stemWord("prs")).toBe("pr");
  });

  it("gives the base form of irregular words only", () => {
    expect(baseForm("thought")).toBe("think");
    expect(baseForm("mice")).toBe("mouse");
    expect(baseForm("walked")).toBe("walked");
  });
});

describe("isPastForm", () => {
  it("reads regular and irregular past forms, not plurals or present forms", () => {
    expect(isPastForm("modified")).toBe(true);
    expect(isPastForm("made")).toBe(true);
    expect(isPastForm("written")).toBe(true);
    expect(isPastForm("children")).toBe(false);
    expect(isPastForm("make")).toBe(false);
    expect(isPastForm("red")).toBe(false);
  });
});
