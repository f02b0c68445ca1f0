// Private-file I/O for FOYA_HOME: folder 0700, files 0600, every write a temp file flushed to
// disk (fsync) and renamed into place, then the folder flushed, so neither a crash nor a power
// loss leaves half a config behind. Concurrent edits are serialised by ./config-lock.
import fs from "node:fs";
import path from "node:path";
import { ClientManagerError, ClientManagerErrorCode, messageOf } from "../errors";

/** Creates `dir` (and parents) and makes it 0700. */
export function ensurePrivateDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.chmodSync(dir, 0o700);
  } catch (error) {
    throw new ClientManagerError(ClientManagerErrorCode.CONFIG_WRITE_FAILED, `Cannot create folder ${dir} with mode 0700: ${messageOf(error)}`, { cause: error });
  }
}

/** Writes `value` as JSON to `file` with mode 0600: temp file, fsync, rename, fsync of the folder. */
export function writePrivateJson(file: string, value: unknown): void {
  const dir = path.dirname(file);
  ensurePrivateDir(dir);
  const temp = `${file}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}.tmp`;
  try {
    const fd = fs.openSync(temp, "wx", 0o600);
    try {
      fs.writeFileSync(fd, `${JSON.stringify(value, null, 2)}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.chmodSync(temp, 0o600);
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw new ClientManagerError(ClientManagerErrorCode.CONFIG_WRITE_FAILED, `Cannot write ${file}: ${messageOf(error)}`, { cause: error });
  }
  syncFolder(dir);
}

// The rename is durable only once the folder's entry is on disk. Not every platform can open a
// folder for fsync (Windows); there the rename alone is what we have.
function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, "r");
    fs.fsyncSync(fd);
  } catch {
    // best effort, see above
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
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
