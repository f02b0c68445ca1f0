// The context firewall (SPEC §2 blackboard_write / blackboard_read / token_report): artifacts are
// validated against their contract, then stored atomically as `.foundry/blackboard/<wave>/<agent>.json`;
// readers get one summary line per artifact unless they ask for the full dump. Stateless: every
// call reads the disk. Neighbours: sanitize.ts (names), layout.ts (path checks), scan.ts, render.ts.

import path from "node:path";
import { estimateTokens, formatTokens } from "@foundry-mcp/tokens";
import { isJsonObject, messageOf, type Validator } from "@foundry-mcp/core";
import { writeFileAtomic } from "@foundry-mcp/core/node";
import { BlackboardError, BlackboardErrorCode } from "./errors";
import { artifactRelativePath, lstatOrUndefined, resolveBoardDir, resolveWaveDir } from "./layout";
import { renderFullEntry, renderSummaryEntry } from "./render";
import { sanitizeSegment } from "./sanitize";
import { listArtifactFiles, listWaveNames, readArtifacts, type StoredArtifact } from "./scan";

/** Largest artifact stored, in bytes of its JSON text. */
export const MAX_ARTIFACT_BYTES = 1024 * 1024;

/** What `write` returns: the stored path and its cost, or the contract errors (nothing written). */
export type BlackboardWriteResult =
  | { ok: true; path: string; bytes: number; tokens: number; text: string }
  | { ok: false; errors: string[]; text: string };

/** What `read` returns; `found` is false for an unknown wave or agent (then `text` lists what exists). */
export interface BlackboardReadResult {
  text: string;
  artifacts: number;
  found: boolean;
}

/** Size and cost of one wave. */
export interface WaveStats {
  wave: string;
  artifacts: number;
  bytes: number;
  tokens: number;
}

/** Size and cost of the whole blackboard, for token_report. */
export interface BlackboardTotals {
  waves: number;
  artifacts: number;
  bytes: number;
  tokens: number;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

function serialize(artifact: Record<string, unknown>): string {
  try {
    return `${JSON.stringify(artifact, null, 2)}\n`;
  } catch (error) {
    throw new BlackboardError(
      BlackboardErrorCode.INVALID_DATA,
      `data cannot be stored as JSON (${messageOf(error).split("\n")[0]}); pass plain JSON values only.`,
      { cause: error },
    );
  }
}

/**
 * What the blackboard asks of a contract registry: the validator of a contract id, throwing for an
 * unknown one. `ContractRegistry` of `@foundry-mcp/contracts` is one; the blackboard names only
 * this shape, so its published code needs no contracts package of its own.
 */
export interface ArtifactContracts {
  validator(schema: string): Validator;
}

/**
 * The blackboard of one project root. Construct it per call or keep it: it holds no state
 * besides the root and the contract registry.
 *
 * @example
 * const board = new Blackboard({ root, registry: await ContractRegistry.load({ root }) });
 * const result = await board.write({ wave: "audit", agent: "appsec-reviewer", schema: "review.v1", data });
 * result.text; // "Wrote .foundry/blackboard/audit/appsec-reviewer.json (2841 bytes, ~711 tokens).\n…"
 */
export class Blackboard {
  readonly #root: string;
  readonly #registry: ArtifactContracts;

  constructor(options: { root: string; registry: ArtifactContracts }) {
    this.#root = path.resolve(options.root);
    this.#registry = options.registry;
  }

  /**
   * Sets `schema` and `producedBy` (the sanitized agent) on `data`, validates it against the
   * contract and only then writes it atomically. A rejection writes nothing, not even a folder.
   * Throws `ContractError` `UNKNOWN_CONTRACT` for an unknown schema, `BlackboardError` for a
   * bad name, non-object data, an artifact over 1 MiB or an unsafe folder.
   */
  async write(input: {
    wave: string;
    agent: string;
    schema: string;
    data: Record<string, unknown>;
  }): Promise<BlackboardWriteResult> {
    const wave = sanitizeSegment(input.wave, "wave");
    const agent = sanitizeSegment(input.agent, "agent");
    const validator = this.#registry.validator(input.schema);
    const { data } = input;
    if (!isJsonObject(data)) {
      throw new BlackboardError(
        BlackboardErrorCode.INVALID_DATA,
        `data must be a JSON object (the artifact), got ${Array.isArray(data) ? "an array" : data === null ? "null" : typeof data}.`,
      );
    }
    const rest = { ...data };
    delete rest.schema;
    delete rest.producedBy;
    const text = serialize({ schema: input.schema, producedBy: agent, ...rest });
    // Validate what will be on disk, so values JSON drops (undefined, functions) cannot differ.
    const result = validator.validate(JSON.parse(text));
    if (!result.valid) {
      return {
        ok: false,
        errors: result.errors,
        text: `Rejected: artifact does not satisfy ${input.schema}.\n${result.errors.map((line) => `- ${line}`).join("\n")}\nFix and call again.`,
      };
    }
    const bytes = Buffer.byteLength(text, "utf8");
    if (bytes > MAX_ARTIFACT_BYTES) {
      throw new BlackboardError(
        BlackboardErrorCode.ARTIFACT_TOO_LARGE,
        `data is ${bytes} bytes as JSON, over the ${MAX_ARTIFACT_BYTES}-byte limit of an artifact; store the bulk in files and list their paths.`,
      );
    }
    const relativePath = artifactRelativePath(wave, agent);
    await this.#store(wave, agent, text);
    const tokens = estimateTokens(text);
    return {
      ok: true,
      path: relativePath,
      bytes,
      tokens,
      text: `Wrote ${relativePath} (${bytes} bytes, ${formatTokens(tokens)}).\nReturn to your caller ONLY this path and a summary of at most 300 tokens.`,
    };
  }

  async #store(wave: string, agent: string, text: string): Promise<void> {
    const boardDir = (await resolveBoardDir(this.#root, true)) as string;
    const waveDir = (await resolveWaveDir(boardDir, wave, true)) as string;
    const target = path.join(waveDir, `${agent}.json`);
    const existing = await lstatOrUndefined(target);
    if (existing && !existing.isFile()) {
      throw new BlackboardError(
        BlackboardErrorCode.UNSAFE_PATH,
        `${artifactRelativePath(wave, agent)} exists and is not a regular file (a link or a folder); remove it and call again.`,
      );
    }
    try {
      await writeFileAtomic(target, text);
    } catch (error) {
      throw new BlackboardError(
        BlackboardErrorCode.WRITE_FAILED,
        `could not write ${artifactRelativePath(wave, agent)}: ${messageOf(error)}`,
        { cause: error },
      );
    }
  }

  /**
   * The artifacts of `wave` (or only `agent`'s): one summary entry each, or with `full` each
   * artifact verbatim in a JSON code block. An unknown wave or agent is not an error: `found`
   * is false and `text` says what exists.
   */
  async read(input: {
    wave: string;
    agent?: string;
    full?: boolean;
  }): Promise<BlackboardReadResult> {
    const wave = sanitizeSegment(input.wave, "wave");
    const agent = input.agent === undefined ? undefined : sanitizeSegment(input.agent, "agent");
    const boardDir = await resolveBoardDir(this.#root, false);
    const waveDir =
      boardDir === undefined ? undefined : await resolveWaveDir(boardDir, wave, false);
    if (boardDir === undefined || waveDir === undefined) {
      return { text: await this.#unknownWaveText(wave, boardDir), artifacts: 0, found: false };
    }
    const files = await listArtifactFiles(waveDir);
    if (agent !== undefined && !files.includes(`${agent}.json`)) {
      const existing =
        files.length === 0 ? "It has no artifacts yet." : `Artifacts: ${files.join(", ")}.`;
      return {
        text: `No artifact from agent "${agent}" in wave "${wave}". ${existing}`,
        artifacts: 0,
        found: false,
      };
    }
    const artifacts = await readArtifacts(
      waveDir,
      wave,
      agent === undefined ? files : [`${agent}.json`],
    );
    if (artifacts.length === 0) {
      return { text: `Wave "${wave}" has no artifacts yet.`, artifacts: 0, found: true };
    }
    const text = input.full
      ? artifacts.map(renderFullEntry).join("\n\n")
      : artifacts.map(renderSummaryEntry).join("\n");
    return { text, artifacts: artifacts.length, found: true };
  }

  async #unknownWaveText(wave: string, boardDir: string | undefined): Promise<string> {
    const waves = boardDir === undefined ? [] : await this.#stats(boardDir);
    if (waves.length === 0) {
      return `No wave "${wave}" on the blackboard: it is empty. Waves appear when blackboard_write stores an artifact.`;
    }
    const listed = waves
      .map((stats) => `${stats.wave} (${plural(stats.artifacts, "artifact")})`)
      .join(", ");
    return `No wave "${wave}" on the blackboard. Waves: ${listed}.`;
  }

  /** The stored artifacts of `wave` with their text and cost, sorted by file name ([] when none). */
  async artifacts(wave: string): Promise<StoredArtifact[]> {
    const segment = sanitizeSegment(wave, "wave");
    const boardDir = await resolveBoardDir(this.#root, false);
    const waveDir =
      boardDir === undefined ? undefined : await resolveWaveDir(boardDir, segment, false);
    if (waveDir === undefined) return [];
    return readArtifacts(waveDir, segment, await listArtifactFiles(waveDir));
  }

  /** Every wave with its artifact count, bytes and tokens, sorted by name. */
  async listWaves(): Promise<WaveStats[]> {
    const boardDir = await resolveBoardDir(this.#root, false);
    return boardDir === undefined ? [] : this.#stats(boardDir);
  }

  async #stats(boardDir: string): Promise<WaveStats[]> {
    const stats: WaveStats[] = [];
    for (const wave of await listWaveNames(boardDir)) {
      const waveDir = path.join(boardDir, wave);
      const artifacts = await readArtifacts(waveDir, wave, await listArtifactFiles(waveDir));
      stats.push({
        wave,
        artifacts: artifacts.length,
        bytes: artifacts.reduce((sum, artifact) => sum + artifact.bytes, 0),
        tokens: artifacts.reduce((sum, artifact) => sum + artifact.tokens, 0),
      });
    }
    return stats;
  }

  /** Totals over every wave, for token_report (`Blackboard artifacts: ~N tokens`). */
  async totals(): Promise<BlackboardTotals> {
    const waves = await this.listWaves();
    return {
      waves: waves.length,
      artifacts: waves.reduce((sum, wave) => sum + wave.artifacts, 0),
      bytes: waves.reduce((sum, wave) => sum + wave.bytes, 0),
      tokens: waves.reduce((sum, wave) => sum + wave.tokens, 0),
    };
  }
}
