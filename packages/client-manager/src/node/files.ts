// Private-file I/O for a host's home folder: folder 0700, files 0600, every write through core's atomic
// writer (temp file flushed, renamed into place, folder flushed) so a crash never leaves half a
// config or credentials file behind. Concurrent edits are serialised by ./config-lock.
import fs from "node:fs";
import path from "node:path";
import { messageOf } from "@foundry-mcp/core";
import { writeFileAtomicSync } from "@foundry-mcp/core/node";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";

/** Creates `dir` (and parents) and makes it 0700. */
export function ensurePrivateDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.chmodSync(dir, 0o700);
  } catch (error) {
    throw new ClientManagerError(ClientManagerErrorCode.CONFIG_WRITE_FAILED, `Cannot create folder ${dir} with mode 0700: ${messageOf(error)}`, { cause: error });
  }
}

/** Writes `value` as JSON to `file` with mode 0600, atomically and durably. */
export function writePrivateJson(file: string, value: unknown): void {
  ensurePrivateDir(path.dirname(file));
  try {
    writeFileAtomicSync(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  } catch (error) {
    throw new ClientManagerError(ClientManagerErrorCode.CONFIG_WRITE_FAILED, `Cannot write ${file}: ${messageOf(error)}`, { cause: error });
  }
}

/** Parsed JSON of `file`, or `undefined` when it does not exist. */
export function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new ClientManagerError(ClientManagerErrorCode.CONFIG_READ_FAILED, `Cannot read ${file}: ${messageOf(error)}`, { cause: error });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ClientManagerError(ClientManagerErrorCode.CONFIG_READ_FAILED, `${file} is not valid JSON (${messageOf(error)}); fix or remove it`, { cause: error });
  }
}
