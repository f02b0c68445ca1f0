// An `--import` hook for tests that ask what a process loaded of Node itself: at exit it writes
// the Node builtins the process loaded (process.moduleLoadList's `NativeModule <id>` entries, in
// load order) as a JSON array to the file named by LOADED_BUILTINS_FILE. A builtin appears there
// only once something evaluated code that needed it, so a bundle's modules that were bundled but
// never run leave no trace: which is what "stdio does not load the HTTP side" means (issue #33).
// Usage: node --import <this file> app.mjs …, with LOADED_BUILTINS_FILE=/tmp/x.json in its env.
import { writeFileSync } from "node:fs";

const target = process.env.LOADED_BUILTINS_FILE;
if (target) {
  process.on("exit", () => {
    const loaded = (process.moduleLoadList ?? []).filter((entry) => entry.startsWith("NativeModule ")).map((entry) => entry.slice("NativeModule ".length));
    writeFileSync(target, JSON.stringify(loaded));
  });
}
