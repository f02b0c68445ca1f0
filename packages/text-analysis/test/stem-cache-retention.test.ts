// The stem cache lives as long as the process and must not keep the texts its words were cut
// from: V8 keeps a substring of 13+ characters as a view into its parent, so a cached word cut from
// a 30 MB request kept all 30 MB alive (session 38; src/own-copy.ts). Measured in a child process
// of its own with the collector exposed, against the built package.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const built = pathToFileURL(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist/index.js"),
).href;

const script = `
const { stemWord, ownCopy } = await import(${JSON.stringify(built)});
const heap = () => { globalThis.gc(); globalThis.gc(); return process.memoryUsage().heapUsed; };
const before = heap();
(() => {
  const request = "x".repeat(30_000_000) + " internationalizations institutionalizations";
  for (const word of request.slice(-45).split(" ")) stemWord(word);
  ownCopy(request.slice(-20));
})();
console.log(JSON.stringify({ kept: heap() - before }));
`;

describe("the stem cache", () => {
  it("keeps its own copies of words cut from a long text, not the text", () => {
    const output = execFileSync(
      process.execPath,
      ["--expose-gc", "--input-type=module", "-e", script],
      { encoding: "utf8" },
    );
    const { kept } = JSON.parse(output) as { kept: number };
    expect(kept).toBeLessThan(5_000_000);
  });
});
