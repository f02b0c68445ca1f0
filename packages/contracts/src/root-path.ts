// Resolves a user-given path against the project root and refuses any that leaves it: `..`
// segments, absolute paths elsewhere, and symbolic links whose target lies outside. Used by
// validate-contract.ts; exported so other packages apply the same rule.

import { realpath } from "node:fs/promises";
import path from "node:path";
import { ContractError, ContractErrorCode } from "./errors";

function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return (
    relative !== "" &&
    !relative.startsWith(`..${path.sep}`) &&
    relative !== ".." &&
    !path.isAbsolute(relative)
  );
}

/**
 * The real absolute path of `input` (relative to `root`, or absolute inside it). Nothing is
 * decoded: `%2F` stays three literal characters. Throws `ContractError`: `INVALID_PATH` for
 * an empty path, a NUL byte, the root itself or anything outside the root (lexically or via
 * a symbolic link); `FILE_UNREADABLE` when nothing exists there.
 */
export async function resolveInsideRoot(root: string, input: string): Promise<string> {
  const shown = JSON.stringify(input);
  if (input.trim() === "") {
    throw new ContractError(
      ContractErrorCode.INVALID_PATH,
      "path is empty; give a JSON file path relative to the project root.",
    );
  }
  if (input.includes("\u0000")) {
    throw new ContractError(
      ContractErrorCode.INVALID_PATH,
      `path ${shown} contains a NUL byte; give a plain file path.`,
    );
  }
  const rootPath = path.resolve(root);
  const candidate = path.resolve(rootPath, input);
  if (candidate === rootPath) {
    throw new ContractError(
      ContractErrorCode.INVALID_PATH,
      `path ${shown} names the project root itself; give the path of a JSON file inside it.`,
    );
  }
  if (!isInside(rootPath, candidate)) {
    throw new ContractError(
      ContractErrorCode.INVALID_PATH,
      `path ${shown} leaves the project root; give a file path inside it, relative to the root.`,
    );
  }
  let real: string;
  try {
    real = await realpath(candidate);
  } catch (error) {
    throw new ContractError(
      ContractErrorCode.FILE_UNREADABLE,
      `path ${shown} does not exist in the project root; check the path (it is relative to the root).`,
      { cause: error },
    );
  }
  if (!isInside(await realpath(rootPath), real)) {
    throw new ContractError(
      ContractErrorCode.INVALID_PATH,
      `path ${shown} leads outside the project root through a symbolic link; refused.`,
    );
  }
  return real;
}
