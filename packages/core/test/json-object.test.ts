// isJsonObject / asJsonObject: the one "is this a JSON object" check every package reads parsed
// JSON with (it replaced a dozen copies of the same three tests, so it must answer as they did).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { asJsonObject, isJsonObject } from "../src/index";
import * as lightEntry from "../src/json";

const plain = { a: 1 };
const bare = Object.assign(Object.create(null) as Record<string, unknown>, { b: 2 });

describe("isJsonObject", () => {
  it("takes plain objects, null-prototype objects and parsed JSON objects", () => {
    expect([plain, {}, bare, JSON.parse('{"__proto__":1}')].map(isJsonObject)).toEqual([true, true, true, true]);
  });

  it("refuses arrays, null, undefined and the other JSON values", () => {
    expect([[], [1], null, undefined, "{}", 0, true].map(isJsonObject)).toEqual([false, false, false, false, false, false, false]);
  });

  it("is structural: a class instance (Map, Date) passes, as in every copy it replaced", () => {
    expect([new Map(), new Date(0)].map(isJsonObject)).toEqual([true, true]);
  });
});

describe("asJsonObject", () => {
  it("returns the same object, or undefined for anything else", () => {
    expect(asJsonObject(plain)).toBe(plain);
    expect(asJsonObject(bare)).toBe(bare);
    expect([[], null, undefined, "x"].map(asJsonObject)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("reads nested fields with ?.", () => {
    expect(asJsonObject(asJsonObject({ params: { _meta: { x: 1 } } })?.params)?._meta).toEqual({ x: 1 });
    expect(asJsonObject(asJsonObject({ params: [1] })?.params)?._meta).toBeUndefined();
  });
});

describe("@foundry-mcp/core/json", () => {
  it("exports the same two functions as the root", () => {
    expect(Object.keys(lightEntry).sort()).toEqual(["asJsonObject", "isJsonObject"]);
    expect([lightEntry.asJsonObject, lightEntry.isJsonObject]).toEqual([asJsonObject, isJsonObject]);
  });

  it("loads no other module than its own chunk in the built package (no ajv, no error classes)", () => {
    const specifiers = (file: string) => [...readFileSync(new URL(`../dist/${file}`, import.meta.url), "utf8").matchAll(/from\s*['"]([^'"]+)['"]/g)].map((match) => match[1] ?? "");
    const [chunk, ...others] = specifiers("json.js");
    expect(others).toEqual([]);
    expect(chunk).toMatch(/^\.\/chunk-[\w-]+\.js$/);
    expect(specifiers(chunk?.slice(2) ?? "")).toEqual([]);
  });
});
