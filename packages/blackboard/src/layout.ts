// Where the blackboard lives on disk and the checks that keep every access inside it:
// `.foundry` and `.foundry/blackboard` must resolve inside the project root, a wave folder
// must be a real folder (never a symbolic link), an artifact a regular file. Names reaching
// here are already sanitized (sanitize.ts).

import { lstat, mkdir, realpath } from "node:fs/promises";
import path from "node:path";
import { BlackboardError, BlackboardErrorCode } from "./errors";

/** The blackboard folder, relative to the project root. */
export const BLACKBOARD_DIR = ".foundry/blackboard";

/** The path a model sees for an artifact: `.foundry/blackboard/<wave>/<agent>.json`. */
export function artifactRelativePath(wave: string, agent: string): string {
  return `${BLACKBOARD_DIR}/${wave}/${agent}.json`;
}

function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return (
    relative === "" ||
    (relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
  );
}

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** `lstat`, or `undefined` when nothing is there. */
export async function lstatOrUndefined(
  target: string,
): Promise<Awaited<ReturnType<typeof lstat>> | undefined> {
  try {
    return await lstat(target);
  } catch (error) {
    if (errnoOf(error) === "ENOENT") return undefined;
    throw error;
  }
}

async function mkdirIfMissing(target: string): Promise<void> {
  try {
    await mkdir(target);
  } catch (error) {
    if (errnoOf(error) !== "EEXIST") throw error;
  }
}

/**
 * The real path of `<root>/.foundry/blackboard`, created level by level when `create` is set
 * (never through a link that leaves the root), or `undefined` when it does not exist.
 * Throws `UNSAFE_PATH` when `.foundry` or the blackboard folder resolves outside the root,
 * `ROOT_NOT_FOUND` when the root itself is missing.
 */
export async function resolveBoardDir(root: string, create: boolean): Promise<string | undefined> {
  let realRoot: string;
  try {
    realRoot = await realpath(path.resolve(root));
    if (!(await lstat(realRoot)).isDirectory()) throw new Error("not a folder");
  } catch (error) {
    throw new BlackboardError(
      BlackboardErrorCode.ROOT_NOT_FOUND,
      `project root ${path.resolve(root)} does not exist or is not a folder; point the blackboard at the project folder.`,
      { cause: error },
    );
  }
  let current = realRoot;
  for (const segment of [".foundry", "blackboard"]) {
    const next = path.join(current, segment);
    if (!(await lstatOrUndefined(next))) {
      if (!create) return undefined;
      await mkdirIfMissing(next);
    }
    current = await realpath(next);
    if (!isInside(realRoot, current)) {
      throw new BlackboardError(
        BlackboardErrorCode.UNSAFE_PATH,
        `${path.relative(realRoot, next)} resolves outside the project root (a symbolic link); the blackboard refuses it. Replace the link with a folder.`,
      );
    }
  }
  return current;
}

/**
 * The folder of wave `wave` inside the real blackboard folder `boardDir`, created when `create`
 * is set, or `undefined` when it does not exist. Throws `UNSAFE_PATH` when it is a symbolic
 * link (even one pointing inside: links are how a wave could be redirected) or not a folder.
 */
export async function resolveWaveDir(
  boardDir: string,
  wave: string,
  create: boolean,
): Promise<string | undefined> {
  const waveDir = path.join(boardDir, wave);
  let info = await lstatOrUndefined(waveDir);
  if (!info) {
    if (!create) return undefined;
    await mkdirIfMissing(waveDir);
    info = await lstat(waveDir);
  }
  if (info.isSymbolicLink()) {
    throw new BlackboardError(
      BlackboardErrorCode.UNSAFE_PATH,
      `${BLACKBOARD_DIR}/${wave} is a symbolic link; the blackboard refuses links, which could lead outside it. Replace it with a folder.`,
    );
  }
  if (!info.isDirectory()) {
    throw new BlackboardError(
      BlackboardErrorCode.UNSAFE_PATH,
      `${BLACKBOARD_DIR}/${wave} is not a folder; move that file away so the wave can be stored.`,
    );
  }
  return waveDir;
}
