// Reads what is on the blackboard: the wave folders of the board and the artifacts of a wave.
// Only real folders and regular `*.json` files count: links, temp files (`.…tmp`) and anything
// else are skipped. Files vanishing mid-scan (a concurrent rename) are skipped, not errors.

import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { estimateTokens } from "@foundry-mcp/tokens";
import { artifactRelativePath } from "./layout";

/** One artifact file as read from disk. */
export interface StoredArtifact {
  /** File name, `<agent>.json`. */
  readonly file: string;
  /** Agent segment (the file name without `.json`). */
  readonly agent: string;
  /** `.foundry/blackboard/<wave>/<agent>.json`. */
  readonly path: string;
  /** The file's text, verbatim. */
  readonly text: string;
  /** Size of the file in bytes (UTF-8). */
  readonly bytes: number;
  /** Estimated tokens of the file's text. */
  readonly tokens: number;
}

/** Names of the wave folders of the real board folder `boardDir`, sorted. */
export async function listWaveNames(boardDir: string): Promise<string[]> {
  const entries = await readdir(boardDir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** File names of the artifacts in `waveDir`, sorted. */
export async function listArtifactFiles(waveDir: string): Promise<string[]> {
  const entries = await readdir(waveDir, { withFileTypes: true });
  return entries
    .filter(
      (entry) =>
        entry.isFile() && entry.name.endsWith(".json") && entry.name.length > ".json".length,
    )
    .map((entry) => entry.name)
    .sort();
}

/** Reads the artifacts named `files` of wave `wave` (in `waveDir`); vanished files are skipped. */
export async function readArtifacts(
  waveDir: string,
  wave: string,
  files: readonly string[],
): Promise<StoredArtifact[]> {
  const artifacts: StoredArtifact[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(path.join(waveDir, file), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    const agent = file.slice(0, -".json".length);
    artifacts.push({
      file,
      agent,
      path: artifactRelativePath(wave, agent),
      text,
      bytes: Buffer.byteLength(text, "utf8"),
      tokens: estimateTokens(text),
    });
  }
  return artifacts;
}
