// ESLint rule `foundry/layering`: the dependency rules of SPEC §1, checked on every import.
// - a package imports only the packages listed for it in tooling/layers.json;
// - packages never import apps, and apps never import each other;
// - workspace code is reached only through its public entry (or a declared subpath export),
//   never by a relative path into another package's folder or by a `/src/` deep import.
// Shared build and test settings under tooling/ may be imported by relative path.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const layers = JSON.parse(fs.readFileSync(path.join(repoRoot, "tooling/layers.json"), "utf8"));
const SCOPE = "@foundry-mcp/";

/** Which workspace unit a repo-relative path belongs to: {kind, name, root} or null. */
function unitOf(relativePath) {
  const match = /^(packages|apps)\/([^/]+)\//.exec(relativePath.split(path.sep).join("/"));
  if (match) return { kind: match[1] === "packages" ? "package" : "app", name: match[2], root: `${match[1]}/${match[2]}/` };
  if (relativePath.startsWith("test/reliability/")) return { kind: "suite", name: "reliability", root: "test/reliability/" };
  return null;
}

function declaredSubpaths(name) {
  for (const folder of ["packages", "apps"]) {
    const manifest = path.join(repoRoot, folder, name, "package.json");
    if (fs.existsSync(manifest)) return Object.keys(JSON.parse(fs.readFileSync(manifest, "utf8")).exports ?? {});
  }
  return [];
}

function problemWith(unit, fileRelative, specifier) {
  if (specifier.startsWith(".")) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(fileRelative), specifier));
    if (!target.startsWith(unit.root) && !target.startsWith("tooling/")) {
      return `"${specifier}" leaves ${unit.root} by a relative path; import the workspace package by its public name instead`;
    }
    return null;
  }
  if (!specifier.startsWith(SCOPE)) return null;
  const [name, ...rest] = specifier.slice(SCOPE.length).split("/");
  const subpath = rest.length ? `./${rest.join("/")}` : ".";
  const isApp = layers.apps.includes(name);
  if (unit.kind === "package" && name === unit.name) return `a package does not import itself by name; use a relative import`;
  if (isApp && unit.kind !== "suite") return `${unit.kind === "app" ? "apps" : "packages"} never import apps ("${specifier}")`;
  if (unit.kind === "package") {
    const allowed = layers.packages[unit.name] ?? [];
    if (!allowed.includes(name)) {
      return `package "${unit.name}" may import only [${allowed.join(", ") || "nothing"}] (tooling/layers.json), not "${name}"`;
    }
  }
  if (subpath !== "." && !declaredSubpaths(name).includes(subpath)) {
    return `"${specifier}" is not a public entry of ${SCOPE}${name}; import from "${SCOPE}${name}"`;
  }
  return null;
}

const layeringRule = {
  meta: {
    type: "problem",
    docs: { description: "Enforce the workspace layering of SPEC §1" },
    schema: [],
    messages: { violation: "Layering: {{problem}}" },
  },
  create(context) {
    const fileRelative = path.relative(repoRoot, context.filename).split(path.sep).join("/");
    const unit = unitOf(fileRelative);
    if (!unit) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== "string") return;
      const problem = problemWith(unit, fileRelative, source.value);
      if (problem) context.report({ node: source, messageId: "violation", data: { problem } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export const layeringPlugin = { meta: { name: "foundry" }, rules: { layering: layeringRule } };
