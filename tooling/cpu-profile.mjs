// Reading V8 CPU profiles (`node --cpu-prof`) of our one-file app bundles: where a process's CPU
// went, by the module each sampled function was bundled from. The apps are bundled by esbuild
// without source maps, but esbuild starts every module's code with a `// <path>` line (e.g.
// `// ../../packages/telemetry/dist/index.js`, `// src/server/handler.ts`); a sample's line in the
// bundle thus names its module, whatever the function or line, in any build of the code. A bundle
// built with code splitting (the gateway's) has chunks beside it (dist/chunks/*.mjs): they are
// read the same way, each by its own markers.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

// A module marker: a column-0 comment that is one path-like word (esbuild drops other comments)
// after an empty line (esbuild always leaves one; a marker-like line inside a string seldom has it).
const MARKER = /^\/\/ ((?:\.\.\/|src\/|<define:|node_modules\/)\S*|package\.json)$/;

/**
 * The module regions of a bundle: its marker lines in order, as `{ line, module }` (0-based lines).
 * @example bundleRegions("dist/gateway.mjs")[0] // { line: 35, module: "<define:__AMICITED_UI__>" }
 */
export function bundleRegions(file) {
  const regions = [];
  const lines = readFileSync(file, "utf8").split("\n");
  lines.forEach((text, line) => {
    const match = MARKER.exec(text);
    if (match && (line === 0 || lines[line - 1] === "")) regions.push({ line, module: moduleName(match[1]) });
  });
  return regions;
}

/**
 * A short name for a bundled module path: a dependency's package name, one of our workspace
 * packages (`packages/telemetry`), or the app's own source file.
 * @example moduleName("../../node_modules/.pnpm/kysely@0.28.2/node_modules/kysely/dist/esm/x.js") // "kysely"
 */
export function moduleName(bundled) {
  const dependency = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(bundled);
  if (dependency) return dependency[1];
  const workspace = /(?:^|\/)(packages\/[^/]+)\//.exec(bundled);
  if (workspace) return workspace[1];
  return bundled.replace(/^(\.\.\/)+/, "");
}

/** The module a 0-based `line` of the bundle belongs to: the last marker at or above it. */
function regionAt(regions, line) {
  let low = 0;
  let high = regions.length - 1;
  let found = "(bundle prelude)";
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (regions[middle].line <= line) {
      found = regions[middle].module;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/**
 * The on-CPU time of a profile's samples taken inside [fromUs, toUs] (V8's monotonic clock, the
 * same as process.hrtime's), by profile node: each sample counts for the node `ownerOf(node)`
 * returns, as its `selfUs` when that is the sampled node itself, else as its `runtimeUs`. A sample
 * stands for the time until the next one (as Chrome's profiler panel counts it); `(idle)` samples
 * (the thread waiting for I/O) are left out of both the times and `busyUs`.
 */
function windowTimesByNode(profile, fromUs, toUs, ownerOf) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const timeByNode = new Map();
  let at = profile.startTime;
  let busyUs = 0;
  for (let index = 0; index < profile.samples.length; index += 1) {
    at += profile.timeDeltas[index];
    const duration = profile.timeDeltas[index + 1] ?? 0;
    if (at < fromUs || at > toUs) continue;
    const node = byNode.get(profile.samples[index]);
    if (node.callFrame.functionName === "(idle)") continue;
    const owner = ownerOf(node);
    const time = timeByNode.get(owner) ?? { selfUs: 0, runtimeUs: 0 };
    if (owner === node) time.selfUs += duration;
    else time.runtimeUs += duration;
    timeByNode.set(owner, time);
    busyUs += duration;
  }
  return { timeByNode, busyUs };
}

/**
 * The on-CPU time (µs) of a profile's samples taken inside [fromUs, toUs], by function:
 * `[{ functionName, module, selfUs, runtimeUs }]`, plus the total. `(idle)` samples are left out;
 * `(program)` (V8 and Node's native work outside JavaScript) and `(garbage collector)` are kept
 * under their own names.
 * Functions of `bundle` and of its chunks (any .mjs file in or under its folder) are placed by
 * their line in their file (bundleRegions); other scripts by their URL
 * (`node:internal/…` is "node internals", C++ builtins "native"). A sample in Node's or V8's own
 * code (a socket write, JSON.stringify) counts for the nearest bundled function below it on the
 * stack, as that function's `runtimeUs` (the work it asked of the runtime); only when the stack
 * holds no bundled function (an event-loop callback) does it stay the runtime's own.
 */
export function selfTimes(profile, bundle, fromUs = -Infinity, toUs = Infinity) {
  const bundleFolderUrl = pathToFileURL(`${path.dirname(path.resolve(bundle))}/`).href;
  const isBundled = (url) => url.startsWith(bundleFolderUrl) && url.endsWith(".mjs");
  const regionsByUrl = new Map();
  const regionsOf = (url) => {
    if (!regionsByUrl.has(url)) regionsByUrl.set(url, bundleRegions(fileURLToPath(url)));
    return regionsByUrl.get(url);
  };
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
  const ownerOf = (node) => {
    if (isBundled(node.callFrame.url) || node.callFrame.functionName.startsWith("(")) return node;
    for (let above = parentOf.get(node.id); above; above = parentOf.get(above.id)) if (isBundled(above.callFrame.url)) return above;
    return node;
  };
  const { timeByNode, busyUs } = windowTimesByNode(profile, fromUs, toUs, ownerOf);
  const byFunction = new Map();
  for (const [node, time] of timeByNode) {
    const { functionName, url, lineNumber } = node.callFrame;
    const module = isBundled(url) ? regionAt(regionsOf(url), lineNumber) : scriptModule(url, functionName);
    const key = `${module}\u0000${functionName}`;
    const entry = byFunction.get(key) ?? { functionName: functionName || "(anonymous)", module, selfUs: 0, runtimeUs: 0 };
    entry.selfUs += time.selfUs;
    entry.runtimeUs += time.runtimeUs;
    byFunction.set(key, entry);
  }
  return { functions: [...byFunction.values()].sort((a, b) => b.selfUs + b.runtimeUs - (a.selfUs + a.runtimeUs)), busyUs };
}

/**
 * Where a function's code is, as `name (folder/file:line)` (the file by its last two path
 * segments, the line 1-based), or its bare name when it has no script (`(program)`, a builtin).
 * @example functionLocation({ functionName: "encode", url: "file:///work/packages/telemetry/dist/index.js", lineNumber: 41 }) // "encode (dist/index.js:42)"
 */
export function functionLocation({ functionName, url, lineNumber }) {
  const name = functionName || "(anonymous)";
  if (!url) return name;
  const file = url.replace(/^file:\/\//, "").split("/").slice(-2).join("/");
  return `${name} (${file}:${lineNumber + 1})`;
}

/**
 * Self time (µs) of a profile's samples inside [fromUs, toUs] by function location
 * (functionLocation): each sample counts for the function it landed in, whatever called it, for
 * profiles of unbundled code (a probe importing packages' dist files), where a module name would
 * lump a package's functions together. `(idle)` samples are left out, as in selfTimes.
 * @example selfTimesByLocation(profile).get("encode (dist/index.js:42)") // 1250
 */
export function selfTimesByLocation(profile, fromUs = -Infinity, toUs = Infinity) {
  const { timeByNode } = windowTimesByNode(profile, fromUs, toUs, (node) => node);
  const times = new Map();
  for (const [node, { selfUs }] of timeByNode) {
    const location = functionLocation(node.callFrame);
    times.set(location, (times.get(location) ?? 0) + selfUs);
  }
  return times;
}

function scriptModule(url, functionName) {
  if (!url) return functionName.startsWith("(") ? functionName : "native";
  if (url.startsWith("node:")) return "node internals";
  return url.startsWith("file:") ? moduleName(fileURLToPath(url)) : url;
}

/**
 * Sums `functions`' time by `group(entry)` (a name, or undefined to leave it out): their own
 * JavaScript's, plus the runtime's work they asked for unless `withRuntime` is false.
 */
export function groupedSelfUs(functions, group, withRuntime = true) {
  const totals = new Map();
  for (const entry of functions) {
    const name = group(entry);
    if (name !== undefined) totals.set(name, (totals.get(name) ?? 0) + entry.selfUs + (withRuntime ? entry.runtimeUs : 0));
  }
  return totals;
}
