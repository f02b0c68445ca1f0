// Every runtime dependency a package declares is used by its source (issue 37 found declared
// dependencies nothing imported: contracts → @foundry-mcp/tokens, tool-catalog's tokens used only
// by its tests and bench). Used means: its source names the module (an import, a type import, or a
// module name it loads lazily), or another dependency needs it as a peer (the MCP SDK's zod).
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const packages = readdirSync(path.join(root, "packages")).filter((name) => existsSync(path.join(root, "packages", name, "package.json")));

function sourceOf(folder: string): string {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => readFileSync(path.join(folder, file), "utf8"))
    .join("\n");
}

function peersOf(packageDir: string, dependency: string): string[] {
  const manifest = path.join(packageDir, "node_modules", dependency, "package.json");
  if (!existsSync(manifest)) return [];
  return Object.keys((JSON.parse(readFileSync(manifest, "utf8")) as { peerDependencies?: Record<string, string> }).peerDependencies ?? {});
}

describe("declared dependencies", () => {
  it.each(packages)("packages/%s uses every runtime dependency it declares", (name) => {
    const dir = path.join(root, "packages", name);
    const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
    const declared = Object.keys(manifest.dependencies ?? {});
    const source = sourceOf(path.join(dir, "src"));
    const peers = new Set(declared.flatMap((dependency) => peersOf(dir, dependency)));
    const unused = declared.filter((dependency) => !peers.has(dependency) && !new RegExp(`["'\`]${dependency.replace(/[/.]/g, "\\$&")}(["'\`/])`).test(source));
    expect(unused).toEqual([]);
  });
});
