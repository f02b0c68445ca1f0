// The resolve hook behind record-otel-imports.mjs.
import fs from "node:fs";

let file;

export async function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, nextResolve) {
  if (file && specifier.startsWith("@opentelemetry/")) fs.appendFileSync(file, `${specifier}\n`);
  return nextResolve(specifier, context);
}
