import { describe, expect, it } from "vitest";
import { foldLetters, isCompound, splitWords } from "../src/index";

describe("splitWords", () => {
  it("splits camelCase, snake_case, kebab-case, dots and slashes", () => {
    expect(splitWords("get_pullRequest-v2.list")).toEqual(["get", "pull", "request", "v2", "list"]);
    expect(splitWords("src/searchIndex.ts")).toEqual(["src", "search", "index", "ts"]);
    expect(splitWords("API-retrieve-a-page")).toEqual(["api", "retrieve", "a", "page"]);
  });

  it("keeps an acronym's plural whole and splits an acronym from the word after it", () => {
    expect(splitWords("list open PRs")).toEqual(["list", "open", "prs"]);
    expect(splitWords("parseHTTPResponse")).toEqual(["parse", "http", "response"]);
  });

  it("keeps digits with their letters and numbers as words", () => {
    expect(splitWords("k8s r2_bucket oauth2 port 5432")).toEqual(["k8s", "r2", "bucket", "oauth2", "port", "5432"]);
  });

  it("splits plain ASCII (its fast path) exactly as the general path does", () => {
    const text = "getHTTPResponse_v2 list open PRs k8s-pods ActiveMQ src/searchIndex.ts";
    expect(splitWords(`${text} é`)).toEqual([...splitWords(text), "e"]);
    expect(splitWords(text)).toEqual(["get", "http", "response", "v2", "list", "open", "prs", "k8s", "pods", "active", "mq", "src", "search", "index", "ts"]);
  });

  it("cuts Chinese, Japanese and Thai into words (Intl.Segmenter), keeping Japanese marks", () => {
    expect(splitWords("获取指定城市的天气预报")).toEqual(["获取", "指定", "城市", "的", "天气", "预报"]);
    expect(splitWords("ファイルを読み込みます")).toEqual(["ファイル", "を", "読み込み", "ます"]);
    expect(splitWords("ガイド")).toEqual(["ガイド"]);
    expect(splitWords("ค้นหาไฟล์")).toEqual(["ค้นหา", "ไฟล์"]);
  });

  it("splits the Latin identifiers and full-width letters beside a no-space script as usual", () => {
    expect(splitWords("GitHub的仓库 get_pullRequest")).toEqual(["git", "hub", "的", "仓库", "get", "pull", "request"]);
    expect(splitWords("ＡＰＩ天气")).toEqual(["api", "天气"]);
  });

  it("folds accents and case", () => {
    expect(splitWords("Café Zürich")).toEqual(["cafe", "zurich"]);
  });

  it("writes out the Latin letters that have no accent to take off, as they are typed on an English keyboard", () => {
    expect(splitWords("Hauptstraße HAUPTSTRASSE smørrebrød Łódź Đorđe Þingvellir Œuvre façade")).toEqual(["hauptstrasse", "hauptstrasse", "smorrebrod", "lodz", "dorde", "thingvellir", "oeuvre", "facade"]);
    // A capital written as two letters keeps a word whole: before lower case only its first half is a capital.
    expect(splitWords("Ærø ÆRØ ÆbleKage")).toEqual(["aero", "aero", "aeble", "kage"]);
    expect(foldLetters("Straße ẞ İstanbul ı")).toBe("Strasse SS Istanbul i");
  });

  it("keeps inner-capital words whole as well with compounds", () => {
    expect(splitWords("GitHub PostgreSQL plain", { compounds: true })).toEqual(["git", "hub", "github", "postgre", "sql", "postgresql", "plain"]);
    expect(splitWords("GitHub")).toEqual(["git", "hub"]);
  });

  it("tells compounds from plain words", () => {
    expect(isCompound("GitHub")).toBe(true);
    expect(isCompound("getItem")).toBe(true);
    expect(isCompound("github")).toBe(false);
    expect(isCompound("SKU")).toBe(false);
  });
});
