// Child process for test/freshness.test.ts: edits fact files the way people and tools do, one
// command per stdin line (JSON), and answers "done <n>" on stdout once the edit's system calls
// have returned, so the test can search immediately after.
import { appendFileSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync, closeSync } from "node:fs";
import { createInterface } from "node:readline";

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const { n, kind, file, text, from, to } = JSON.parse(line);
  if (kind === "append") appendFileSync(file, text);
  else if (kind === "create") writeFileSync(file, text);
  else if (kind === "rename-save") {
    // An editor's safe save: write a sibling, then rename it over the original.
    writeFileSync(`${file}.swp`, text);
    renameSync(`${file}.swp`, file);
  } else if (kind === "delete") rmSync(file);
  else if (kind === "same-size") {
    // Overwrite one word in place with another of the same length: size and often mtime equal.
    const at = readFileSync(file, "utf8").indexOf(from);
    const fd = openSync(file, "r+");
    writeSync(fd, to, Buffer.byteLength(readFileSync(file, "utf8").slice(0, at)));
    closeSync(fd);
  }
  process.stdout.write(`done ${n}\n`);
}
