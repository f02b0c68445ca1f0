// The project a session belongs to, found by walking up from where it started. Its own module
// so the plugin's hooks (src/hooks/hook-input.ts) can use it without loading the server's command
// line and what that imports (server-kit, and through it ajv and zod): the prompt-recall hook's
// start-up time is the product there.
import fs from "node:fs";
import path from "node:path";

/** Where the served root came from, in the order they are tried. */
export type RootSource = "--root" | "FOUNDRY_ROOT" | ".foundry" | ".git" | "working folder";

/** A folder holding `name` (a folder, or for `.git` also the file a worktree or submodule has). */
function holds(dir: string, name: string): boolean {
  try {
    const stat = fs.statSync(path.join(dir, name));
    return stat.isDirectory() || (name === ".git" && stat.isFile());
  } catch {
    return false;
  }
}

/**
 * The project a session started in a subfolder belongs to: the nearest folder upward from `cwd`
 * holding `.foundry/`, else the nearest holding `.git`, else `cwd` itself. Without this, Claude
 * Code started in `src/` would silently serve a second, empty memory there.
 */
export function findProjectRoot(cwd: string): { root: string; source: RootSource } {
  const start = path.resolve(cwd);
  for (const marker of [".foundry", ".git"] as const) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      if (holds(dir, marker)) return { root: dir, source: marker };
      if (path.dirname(dir) === dir) break;
    }
  }
  return { root: start, source: "working folder" };
}

