// Reads project contracts from `<root>/.foundry/contracts/<id>.json`. Nothing here throws for a
// bad file: each one is skipped with a problem line, so one broken contract never hides the
// others. registry.ts compiles what this returns (through contract-set.ts).

import { lstat, readFile, readdir, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { isJsonObject, messageOf } from "@foundry-mcp/core";
import { isBuiltInContractId } from "./builtins/index";
import type { JsonSchema } from "@foundry-mcp/core";

/** Folder of project contracts, relative to the project root. */
export const PROJECT_CONTRACTS_DIR = ".foundry/contracts";

/** Ids a project contract may use (its file name without `.json`). */
export const CONTRACT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;

/** Largest project contract file read, in bytes. */
export const MAX_CONTRACT_FILE_BYTES = 1024 * 1024;

/** Most project contract files read from one root. */
export const MAX_PROJECT_CONTRACTS = 500;

/** One project contract as read from disk. */
export interface ProjectContractFile {
  readonly id: string;
  /** Path relative to the project root, with `/` separators. */
  readonly path: string;
  readonly schema: JsonSchema;
  /** The file text, used to key the compile cache. */
  readonly text: string;
}

/** Project contracts that loaded, and one line per file that was skipped. */
export interface ProjectContracts {
  readonly files: ProjectContractFile[];
  readonly problems: string[];
}

function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

async function readOne(
  realRoot: string,
  directory: string,
  name: string,
): Promise<{ file?: ProjectContractFile; problem?: string }> {
  const relativePath = `${PROJECT_CONTRACTS_DIR}/${name}`;
  const ignored = (reason: string) => ({ problem: `${relativePath} ignored: ${reason}` });
  const id = name.slice(0, -".json".length);
  if (!CONTRACT_ID_PATTERN.test(id)) {
    return ignored(
      `"${id}" is not a valid contract id (letters, digits, ".", "_", "-"; at most 80 characters).`,
    );
  }
  if (isBuiltInContractId(id)) {
    return ignored(
      `"${id}" is a built-in contract and cannot be replaced; save yours under a new id such as "${id.replace(/\.v(\d+)$/, (_m, n: string) => `.v${Number(n) + 1}`)}" or "project.${id}".`,
    );
  }
  const absolute = path.join(directory, name);
  const link = await lstat(absolute);
  if (link.isSymbolicLink() && !isInside(realRoot, await realpath(absolute).catch(() => ""))) {
    return ignored("it is a symbolic link that leads outside the project root.");
  }
  const info = await stat(absolute).catch(() => undefined);
  if (!info?.isFile()) return ignored("not a regular file.");
  if (info.size > MAX_CONTRACT_FILE_BYTES) {
    return ignored(
      `${info.size} bytes is over the ${MAX_CONTRACT_FILE_BYTES}-byte limit for a contract.`,
    );
  }
  const text = await readFile(absolute, "utf8");
  let schema: unknown;
  try {
    schema = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return ignored(`not valid JSON (${messageOf(error)}).`);
  }
  if (!isJsonObject(schema)) {
    return ignored("a contract must be a JSON Schema object.");
  }
  return { file: { id, path: relativePath, schema, text } };
}

/**
 * Reads every `<id>.json` of `<root>/.foundry/contracts`, in name order. A missing folder
 * means no project contracts. Files that shadow a built-in id, are not JSON objects, are too
 * big, or are links leading out of the root are skipped and reported in `problems`.
 */
export async function readProjectContracts(root: string): Promise<ProjectContracts> {
  const directory = path.join(path.resolve(root), PROJECT_CONTRACTS_DIR);
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => name.endsWith(".json")).sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { files: [], problems: [] };
    return { files: [], problems: [`${PROJECT_CONTRACTS_DIR} ignored: ${messageOf(error)}`] };
  }
  const realRoot = await realpath(path.resolve(root));
  if (!isInside(realRoot, await realpath(directory))) {
    return {
      files: [],
      problems: [`${PROJECT_CONTRACTS_DIR} ignored: it resolves outside the project root.`],
    };
  }
  const files: ProjectContractFile[] = [];
  const problems: string[] = [];
  if (names.length > MAX_PROJECT_CONTRACTS) {
    problems.push(
      `${PROJECT_CONTRACTS_DIR}: only the first ${MAX_PROJECT_CONTRACTS} of ${names.length} contracts were read.`,
    );
    names = names.slice(0, MAX_PROJECT_CONTRACTS);
  }
  for (const name of names) {
    try {
      const { file, problem } = await readOne(realRoot, directory, name);
      if (file) files.push(file);
      if (problem) problems.push(problem);
    } catch (error) {
      problems.push(`${PROJECT_CONTRACTS_DIR}/${name} ignored: ${messageOf(error)}`);
    }
  }
  return { files, problems };
}
