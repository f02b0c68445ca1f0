// Docs true by test (issue 37): the README's map names every package and app that exists (and
// nothing else), with each package's npm name; its layering line states exactly what
// tooling/layers.json allows; docs/ARCHITECTURE.md opens with the map (every package in one row,
// one request path per app); every decision record has its date, context, decision and
// consequences and is listed in docs/decisions/README.md.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const read = (file: string): string => readFileSync(path.join(root, file), "utf8");
const folders = (parent: string): string[] =>
  readdirSync(path.join(root, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(root, parent, entry.name, "package.json")))
    .map((entry) => entry.name)
    .sort();
const layers = JSON.parse(read("tooling/layers.json")) as { packages: Record<string, string[]>; apps: string[] };
const readme = read("README.md");

/** The text of a `## Heading` section, up to the next `## `. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n## ${heading}\n`);
  expect(start, `section "## ${heading}"`).toBeGreaterThanOrEqual(0);
  const rest = text.slice(start + 1);
  const end = rest.indexOf("\n## ", 1);
  return end === -1 ? rest : rest.slice(0, end);
}

describe("README", () => {
  const map = section(readme, "Map");
  const entries = (under: string): string[] => {
    const block = map.slice(map.indexOf(`${under}/\n`) + under.length + 2);
    const lines = block.slice(0, block.search(/\n\S/)).split("\n");
    return lines.map((line) => /^ {2}([a-z0-9-]+)\//.exec(line)?.[1]).filter((name): name is string => name !== undefined).sort();
  };

  it("maps every package and app there is, and nothing else", () => {
    expect(entries("packages")).toEqual(folders("packages"));
    expect(entries("apps")).toEqual(folders("apps"));
  });

  it("names each package's npm name on its map entry", () => {
    for (const name of folders("packages")) {
      const { name: npmName } = JSON.parse(read(`packages/${name}/package.json`)) as { name: string };
      const entry = map.slice(map.indexOf(`  ${name}/`)).split(/\n {2}[a-z]/)[0]!;
      expect(entry, name).toContain(npmName);
    }
  });

  it("states the layering tooling/layers.json enforces, package by package", () => {
    const text = section(readme, "Layering").replace(/\s+/g, " ");
    const stated: Record<string, string[]> = {};
    for (const match of text.matchAll(/`([a-z0-9-]+)` → (none|`[a-z0-9-]+`(?:, `[a-z0-9-]+`)*)/g))
      stated[match[1]!] = match[2] === "none" ? [] : [...match[2]!.matchAll(/`([a-z0-9-]+)`/g)].map((name) => name[1]!).sort();
    const declared = Object.fromEntries(Object.entries(layers.packages).map(([name, below]) => [name, [...below].sort()]));
    expect(stated).toEqual(declared);
    expect(Object.keys(declared).sort()).toEqual(folders("packages"));
    expect([...layers.apps].sort()).toEqual(folders("apps"));
  });
});

describe("docs/ARCHITECTURE.md", () => {
  it("opens with the map: one row per package, one request path per app", () => {
    const architecture = read("docs/ARCHITECTURE.md");
    const start = section(architecture, "Start here: the map");
    expect(architecture.indexOf("\n## Start here: the map\n")).toBe(architecture.indexOf("\n## "));
    const rows = [...start.matchAll(/^\| `([a-z0-9-]+)` \| /gm)].map((match) => match[1]!).sort();
    expect(rows).toEqual(folders("packages"));
    const paths = [...start.matchAll(/^- \*\*([a-z-]+)\*\*/gm)].map((match) => match[1]!).sort();
    expect(paths).toEqual(folders("apps"));
  });
});

describe("docs/decisions", () => {
  const folder = path.join(root, "docs/decisions");
  const records = readdirSync(folder).filter((name) => /^\d{4}-[a-z0-9-]+\.md$/.test(name)).sort();
  const index = read("docs/decisions/README.md");

  it("holds numbered records, each with its date, context, decision and consequences, each listed", () => {
    expect(records.length).toBeGreaterThan(0);
    records.forEach((name, position) => {
      const text = readFileSync(path.join(folder, name), "utf8");
      expect(name.slice(0, 4), name).toBe(String(position + 1).padStart(4, "0"));
      expect(text, name).toMatch(new RegExp(`^# ${name.slice(0, 4)} — \\S`));
      expect(text, name).toMatch(/^\*\*Date:\*\* \d{4}-\d{2}-\d{2}/m);
      for (const heading of ["## Context", "## Decision", "## Consequences"]) expect(text, `${name} ${heading}`).toContain(`\n${heading}\n`);
      expect(index, name).toContain(`(${name})`);
    });
  });

  it("are linked from ARCHITECTURE.md only when they exist", () => {
    const linked = [...read("docs/ARCHITECTURE.md").matchAll(/\(decisions\/(\d{4}-[a-z0-9-]+\.md)\)/g)].map((match) => match[1]!);
    expect(linked.filter((name) => !records.includes(name))).toEqual([]);
  });
});
