// Every runtime dependency a package declares is needed by its published code (issue 37 found
// declared dependencies nothing imported: contracts → @foundry-mcp/tokens, tool-catalog's tokens
// used only by its tests and bench, blackboard's @foundry-mcp/contracts named only in a type
// import, a comment and its tests). Needed means: the source, read as TypeScript, names the module
// in code that survives the build (a value import or export, import(), require, or a module name
// it loads lazily), or another dependency needs it as a peer (the MCP SDK's zod). A type-only
// import, a comment or a test does not count: types a user must bring belong in peerDependencies.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const packages = readdirSync(path.join(root, "packages")).filter((name) => existsSync(path.join(root, "packages", name, "package.json")));

function typeOnly(node: ts.Node): boolean {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return false;
    if (clause.isTypeOnly) return true;
    const bindings = clause.namedBindings;
    return clause.name === undefined && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
  }
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly);
  }
  return ts.isImportTypeNode(node) || ts.isImportEqualsDeclaration(node) && node.isTypeOnly;
}

/** Every string literal of `file` that code (not a comment, not a type-only import) contains. */
function codeStrings(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (typeOnly(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function stringsOf(folder: string): Set<string> {
  return new Set(
    readdirSync(folder, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts"))
      .flatMap((file) => codeStrings(path.join(folder, file))),
  );
}

function peersOf(packageDir: string, dependency: string): string[] {
  const manifest = path.join(packageDir, "node_modules", dependency, "package.json");
  if (!existsSync(manifest)) return [];
  return Object.keys((JSON.parse(readFileSync(manifest, "utf8")) as { peerDependencies?: Record<string, string> }).peerDependencies ?? {});
}

describe("declared dependencies", () => {
  it.each(packages)("packages/%s's published code needs every runtime dependency it declares", (name) => {
    const dir = path.join(root, "packages", name);
    const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };
    const declared = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies });
    const strings = [...stringsOf(path.join(dir, "src"))];
    const peers = new Set(declared.flatMap((dependency) => peersOf(dir, dependency)));
    const unused = declared.filter((dependency) => !peers.has(dependency) && !strings.some((text) => text === dependency || text.startsWith(`${dependency}/`)));
    expect(unused).toEqual([]);
  });

  it("does not count a type-only import, a comment or a test as a use", () => {
    const dir = path.join(root, "tooling/test/__fixtures__/type-only-dependency");
    expect([...stringsOf(dir)].filter((text) => text.startsWith("@example/"))).toEqual(["@example/value", "@example/lazy"]);
  });
});
