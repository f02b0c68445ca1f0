// The package checks of `pnpm lint` catch what they are for: an app's runtime imports read off its
// bundle (not off a string that merely looks like an import), and attw on a packed library.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { attwProblems } from "../attw-check.mjs";
import { bundleImports, namedPackages, packageOf } from "../bundle-imports.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const temp: string[] = [];
afterAll(() => temp.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function library(exportsMap: Record<string, unknown>, files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "attw-fixture-"));
  temp.push(dir);
  const manifest = { name: "attw-fixture", version: "1.0.0", type: "module", exports: exportsMap };
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe("bundleImports", () => {
  it("finds static and literal dynamic imports, reduced to package names, without builtins", () => {
    const source = [
      'import Database from "better-sqlite3";',
      'import fs from "node:fs";',
      'import { x } from "@scope/lib/sub/path.js";',
      'export { y } from "re-exported";',
      "const pg = await import(\"pg\");",
      'const hint = `use NodeClientManager from "@foundry-mcp/client-manager/node"`;',
      'import "./local.js";',
    ].join("\n");
    expect(bundleImports(source)).toEqual({ static: ["@scope/lib", "better-sqlite3", "re-exported"], dynamic: ["pg"] });
  });

  it("counts a declared package the bundle names for a computed import() or a constant, not an embedded manifest key", () => {
    const source = ['const pkg = { dependencies: { "zod": "4.6.7" } };', 'const pg = await loadOptional(options.moduleName ?? "pg", "postgres");', "const d = await load(\"better-sqlite3\");", 'var SQLITE_BINDING_NODE20 = "better-sqlite3-node20";'].join("\n");
    expect(namedPackages(source, ["pg", "better-sqlite3", "better-sqlite3-node20", "zod", "@scope/absent"])).toEqual(["pg", "better-sqlite3", "better-sqlite3-node20"]);
  });

  it("names scoped and plain packages from subpaths", () => {
    expect(packageOf("@foundry-mcp/client-manager/node")).toBe("@foundry-mcp/client-manager");
    expect(packageOf("ajv/dist/runtime/equal")).toBe("ajv");
  });
});

describe("attwProblems", { timeout: 120_000 }, () => {
  const js = { "dist/index.js": "export const a = 1;\n", "dist/index.d.ts": "export declare const a: number;\n" };

  it("passes an ESM library with types first and a default condition", () => {
    const dir = library({ ".": { types: "./dist/index.d.ts", import: "./dist/index.js", default: "./dist/index.js" } }, js);
    expect(attwProblems(dir, root)).toEqual([]);
  });

  it("reports a subpath whose types cannot be found", () => {
    const dir = library(
      { ".": { types: "./dist/index.d.ts", default: "./dist/index.js" }, "./extra": { default: "./dist/extra.js" } },
      { ...js, "dist/extra.js": "export const b = 2;\n" },
    );
    expect(attwProblems(dir, root)).toEqual(["./extra: UntypedResolution under node16-cjs", "./extra: UntypedResolution under node16-esm", "./extra: UntypedResolution under bundler"]);
  });
});
