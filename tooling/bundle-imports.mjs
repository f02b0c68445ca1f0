// What a one-file app bundle loads from node_modules at run time: the bare specifiers of its
// top-level static imports and of literal dynamic imports, reduced to package names. Node
// builtins are left out. check-packages compares this set with the app's `dependencies`; a
// dependency loaded through a computed import() counts when the bundle names it (namedPackages).
import { builtinModules } from "node:module";

const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
// Static imports and re-exports start a line in esbuild output; a `from "x"` inside a template
// string (an error message, say) or a doc comment does not, so line anchoring keeps those out.
const STATIC = /^(?:import|export)\s(?:[^;"'`]*?\sfrom\s*)?["']([^"']+)["']/gm;
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;
// A package name as a string value (an argument, `x ?? "pg"`, a constant `= "pg";`): how a computed
// import(name) or require(name) names what it loads. A key of an embedded object (`"pg": "8.23.1"`)
// is followed by ":", so not this.
const NAMED = /["']((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)["']\s*[,);]/g;

/** The package a bare specifier names: `@scope/name` or `name`, without a subpath. */
export function packageOf(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/**
 * Every module specifier a bundle's source text imports, as written: relative paths, builtins and
 * packages alike, split by how (top-level static imports and re-exports; literal dynamic imports).
 *
 * @example importSpecifiers('import "./chunks/a.js";\nconst b = await import("pg");') // { static: ["./chunks/a.js"], dynamic: ["pg"] }
 */
export function importSpecifiers(source) {
  const collect = (pattern) => [...source.matchAll(pattern)].map((match) => match[1]);
  return { static: collect(STATIC), dynamic: collect(DYNAMIC) };
}

/**
 * The packages a bundle's source text imports, split by how.
 *
 * @example bundleImports('import x from "better-sqlite3";\nimport fs from "node:fs";') // { static: ["better-sqlite3"], dynamic: [] }
 */
export function bundleImports(source) {
  const specifiers = importSpecifiers(source);
  const packages = (list) => [...new Set(list.filter((spec) => !/^[./]/.test(spec) && !builtins.has(spec)).map(packageOf))].sort();
  const statics = packages(specifiers.static);
  return { static: statics, dynamic: packages(specifiers.dynamic).filter((name) => !statics.includes(name)) };
}

/**
 * Of `candidates` (an app's declared dependencies), those the bundle names as a string value: a
 * module loaded through `import(variable)` (an optional driver, say) leaves only its name behind.
 *
 * @example namedPackages('await load(options.moduleName ?? "pg", "postgres")', ["pg", "zod"]) // ["pg"]
 */
export function namedPackages(source, candidates) {
  const named = new Set([...source.matchAll(NAMED)].map((match) => match[1]));
  return candidates.filter((name) => named.has(name));
}
