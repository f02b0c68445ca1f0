// Regression tests for issue #36 R7: the saved index is a cache a repository or another process
// can replace, so a forged one whose CRC-32 was recomputed must be discarded and rebuilt, never
// believed. The fuzz test changes one value of one section at a time (seeded, so a failure
// replays), recomputes the checksum, and requires a fresh store's answers to equal those of a
// store built from the fact files alone. Numbers, offsets, counts and vocabulary are checked
// against each other when the file is decoded; strings (titles, bodies, scopes, tags) against
// each fact's file before that fact is first shown.
import { mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FoundryMemory, MarkdownFactStore, serializeFact, withSavedIndex } from "../src/index";
import type { Fact } from "../src/index";
import { makeTempRoot } from "./__fixtures__/temp-root";
import { seededRandom } from "../../../tooling/test-support.mjs";

let root = "";
let cleanup = () => {};
let saved = "";
let pristine: Buffer;
let expected: string[];
const open: FoundryMemory[] = [];

const WORDS = ["deploy", "canary", "rollback", "schema", "migration", "tenant", "billing", "invoice", "queue", "retry", "timeout", "cache"];
const QUERIES = ["deploy canary", "schema migration", "tenant billing", "invoice", "queue retry timeout", "cache", "rollback deploy", "billing invoice tenant", "migrations", "retries"];

function fact(n: number): Fact {
  const id = `fact-${String(n).padStart(4, "0")}`;
  const a = WORDS[n % WORDS.length] as string;
  const b = WORDS[(n * 7 + 3) % WORDS.length] as string;
  return { id, type: n % 3 === 0 ? "constraint" : "convention", title: `${a} ${b} rule ${n}`, body: `The ${a} path uses ${b} ${"and ".repeat(n % 4)}holds.`, scope: "project", tags: n % 2 ? [b] : [], confidence: n % 5 === 0 ? "high" : "medium", source: "code", created: "2026-01-01T00:00:00Z" };
}

async function answers(memory: FoundryMemory): Promise<string[]> {
  const texts: string[] = [];
  for (const query of QUERIES) texts.push((await memory.search({ query, limit: 25 })).text);
  texts.push(JSON.stringify(await memory.problems()));
  return texts;
}

function memoryOver(savedIndex: boolean): FoundryMemory {
  const memory = new FoundryMemory({ root, driver: new MarkdownFactStore({ root, watch: "off", racyWindowMs: Number.NEGATIVE_INFINITY, savedIndex }) });
  open.push(memory);
  return memory;
}

/** The saved file's header, sections and where each section starts. */
function sectionsOf(bytes: Buffer): { header: Record<string, unknown>; bodyStart: number; starts: number[]; sizes: number[] } {
  const newline = bytes.indexOf(10);
  const header = JSON.parse(bytes.toString("utf8", 0, newline)) as { sections: number[] };
  const starts: number[] = [];
  let offset = newline + 1;
  for (const size of header.sections) {
    starts.push(offset);
    offset += Math.ceil(size / 8) * 8;
  }
  return { header, bodyStart: newline + 1, starts, sizes: header.sections };
}

/** `bytes` with the header's CRC-32 recomputed, as a forger would. */
function withRecomputedCrc(bytes: Buffer): Buffer {
  const { header, bodyStart } = sectionsOf(bytes);
  const body = bytes.subarray(bodyStart);
  const line = JSON.stringify({ ...header, crc32: crc32(body) });
  return Buffer.concat([Buffer.from(`${line.padEnd(Math.ceil((Buffer.byteLength(line) + 1) / 8) * 8 - 1)}\n`), body]);
}


beforeEach(async () => {
  ({ root, cleanup } = makeTempRoot());
  saved = path.join(root, ".foundry/cache/memory-index.json");
  const folder = path.join(root, ".foundry/memory/facts");
  mkdirSync(folder, { recursive: true });
  for (let n = 1; n <= 60; n++) writeFileSync(path.join(folder, `fact-${String(n).padStart(4, "0")}.md`), serializeFact(fact(n)));
  expected = await answers(memoryOver(false));
  await answers(memoryOver(true));
  await expect.poll(() => readFileSync(saved, { flag: "r" }).length > 0, { timeout: 5000 }).toBe(true);
  pristine = readFileSync(saved);
});
afterEach(async () => {
  for (const memory of open.splice(0)) await memory.close();
  cleanup();
});

const SECTION_NAMES = ["json", "rows", "ends", "positions", "packed", "text", "terms"];
/** Every section: numbers are checked against each other on decode, strings against the file before a fact is shown. */
const CHECKED_SECTIONS = [0, 1, 2, 3, 4, 5, 6];

describe("R7: a forged saved index is never believed", () => {
  it("the pristine saved index is restored and answers as a fresh build", async () => {
    const driver = new MarkdownFactStore({ root, watch: "off", racyWindowMs: Number.NEGATIVE_INFINITY });
    const memory = new FoundryMemory({ root, driver });
    open.push(memory);
    expect(await answers(memory)).toEqual(expected);
    expect(driver.freshness().restored).toBe(true); // the checks refuse no index this code wrote
  });

  it("fuzz: one changed value per section, CRC recomputed, gives the fresh build's answers", async () => {
    const next = seededRandom(36_7);
    const { starts, sizes } = sectionsOf(pristine);
    const differing: string[] = [];
    for (let round = 0; round < 140; round++) {
      const section = CHECKED_SECTIONS[round % CHECKED_SECTIONS.length] as number;
      const size = sizes[section] as number;
      if (size === 0) continue;
      const forged = Buffer.from(pristine);
      // Numbers sections change a whole value (a plausible forgery); text sections one byte.
      const width = section >= 1 && section <= 4 ? (section === 1 ? 8 : 4) : 1;
      const at = (starts[section] as number) + Math.floor(next() * (size / width)) * width;
      if (width === 8) forged.writeDoubleLE(Math.floor(next() * 200) - 2, at);
      else if (width === 4) forged.writeInt32LE(Math.floor(next() * 120) - 2, at);
      else forged[at] = 0x20 + Math.floor(next() * 0x5e);
      writeFileSync(saved, withRecomputedCrc(forged));
      const got = await answers(memoryOver(true));
      if (JSON.stringify(got) !== JSON.stringify(expected)) differing.push(`round ${round}: ${SECTION_NAMES[section]} at ${at - (starts[section] as number)}: ${pristine.toString("utf8", at - 30, at + 30)} -> ${forged.toString("utf8", at - 30, at + 30)}`);
    }
    expect(differing).toEqual([]);
  });

  it("a saved index that links outside .foundry/ is not restored; the same file in place is", async () => {
    const outside = makeTempRoot("foundry-outside-");
    try {
      const moved = path.join(outside.root, "memory-index.json");
      writeFileSync(moved, pristine);
      rmSync(saved);
      symlinkSync(moved, saved);
      const linked = new MarkdownFactStore({ root, watch: "off", racyWindowMs: Number.NEGATIVE_INFINITY });
      withSavedIndex(linked);
      await linked.load();
      expect(linked.freshness().restored).toBe(false);
      writeFileSync(saved + ".tmp", pristine);
      renameSync(saved + ".tmp", saved);
      const inside = new MarkdownFactStore({ root, watch: "off", racyWindowMs: Number.NEGATIVE_INFINITY });
      withSavedIndex(inside);
      await inside.load();
      expect(inside.freshness().restored).toBe(true);
    } finally {
      outside.cleanup();
    }
  });
});
