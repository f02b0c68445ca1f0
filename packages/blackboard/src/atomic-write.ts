// Atomic file replacement: write a temp file in the same folder, flush it, rename it over the
// target. A reader sees the old file or the new one, never a mix; a failure leaves no temp file.
// Temp names start with "." and end in ".tmp", so listings of `*.json` never see them.

import { randomBytes } from "node:crypto";
import { open, rename, rm, type FileHandle } from "node:fs/promises";
import path from "node:path";

/** Replaces `target` with `text` atomically (same-folder temp file, fsync, rename). */
export async function writeFileAtomic(target: string, text: string): Promise<void> {
  const temp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`,
  );
  let handle: FileHandle | undefined;
  try {
    handle = await open(temp, "wx", 0o644);
    await handle.writeFile(text, "utf8");
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, target);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}
