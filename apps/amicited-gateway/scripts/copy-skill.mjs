// Copies the skill folder into dist/skills so the build ships it beside dist/gateway.mjs.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const source = path.join(root, "src", "skills");
const target = path.join(root, "dist", "skills");
fs.rmSync(target, { recursive: true, force: true });
fs.cpSync(source, target, { recursive: true });
console.log(`copied skills to ${path.relative(root, target)}`);
