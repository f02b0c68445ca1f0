// Translates one string value of another client's server entry into this library's syntax,
// following the variable rules of the client that wrote it, or refuses it with the reason (in the
// host's words, ../host-voice). The library expands
// `${VAR}` / `${VAR:-default}` at connect time in every field (./expand), so a reference the
// source client resolves from its environment stays a reference; what only the source client
// knows (its workspace, the user's answers to VS Code prompts) is resolved here, at import.

import type { HostVoice } from "../host-voice";

/** The client whose configuration is imported; decides which `${…}` forms mean what. */
export type ImportFormat = "claude-desktop" | "claude-code" | "cursor" | "vscode";

/** A VS Code `inputs` entry: asked for at import; `password` answers are stored as credentials. */
export interface ImportInput {
  id: string;
  description?: string;
  password: boolean;
}

/** What a translation may resolve from. */
export interface ValueContext {
  format: ImportFormat;
  /** The folder `${workspaceFolder}` stands for (VS Code, Cursor); absent when the file belongs to none. */
  workspaceFolder: string | undefined;
  userHome: string | undefined;
  pathSeparator: string;
  inputs: Map<string, ImportInput>;
  answers: Record<string, string>;
  /** The host's words in refusals ("… but foya would expand it"). */
  voice: HostVoice;
}

/** A translated value; `secret` when it holds the answer to a password input. */
export interface TranslatedValue {
  value: string;
  secret: boolean;
}

/** Thrown for a value that cannot be translated faithfully; the server is then refused whole. */
export class ImportRefusal extends Error {
  override readonly name = "ImportRefusal";
}

const REFERENCE = /\$\{([^}]*)\}/g;
const SHELL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SHELL_REFERENCE = /^([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/s;

function basename(folder: string): string {
  const parts = folder.split(/[\\/]+/).filter(Boolean);
  return parts.at(-1) ?? folder;
}

// VS Code and Cursor: `${env:NAME}` is the empty string when NAME is unset, so it becomes
// `${NAME:-}` (the library's empty default); the rest is known only here and is resolved now.
function editorVariable(body: string, where: string, context: ValueContext, secret: { value: boolean }): string {
  if (body.startsWith("env:")) {
    const name = body.slice(4);
    if (!SHELL_NAME.test(name)) throw new ImportRefusal(`${where}: \${${body}} names no environment variable ${context.voice.name} can read`);
    return `\${${name}:-}`;
  }
  if (body === "workspaceFolder" || body === "workspaceFolderBasename") {
    if (context.workspaceFolder === undefined) {
      throw new ImportRefusal(`${where} uses \${${body}}, but this file belongs to no workspace; pass the workspace folder (${context.voice.importWorkspaceHint})`);
    }
    return body === "workspaceFolder" ? context.workspaceFolder : basename(context.workspaceFolder);
  }
  if (body === "userHome") {
    if (context.userHome === undefined) throw new ImportRefusal(`${where} uses \${userHome}, but no home folder is known here`);
    return context.userHome;
  }
  if (body === "pathSeparator" || body === "/") return context.pathSeparator;
  if (body.startsWith("input:") && context.format === "vscode") {
    const id = body.slice(6);
    const input = context.inputs.get(id);
    if (input === undefined) throw new ImportRefusal(`${where} uses \${input:${id}}, but "inputs" declares no input with id "${id}"`);
    const answer = context.answers[id];
    if (answer === undefined) {
      throw new ImportRefusal(`${where} needs the input "${id}"${input.description ? ` (${input.description})` : ""}; answer it when asked, or pass --input ${id}=VALUE`);
    }
    if (answer.includes("${")) throw new ImportRefusal(`${where}: the answer to "${id}" holds "\${", which ${context.voice.name} would expand`);
    if (input.password) secret.value = true;
    return answer;
  }
  const client = context.format === "vscode" ? "VS Code" : "Cursor";
  throw new ImportRefusal(`${where}: \${${body}} is a ${client} variable ${context.voice.name} cannot translate`);
}

/**
 * Translates `text` (found at `where`, e.g. `args[2]`) written for `context.format`.
 *
 * @example
 * translateValue("${workspaceFolder}/notes", "args[0]", context) // { value: "/home/me/project/notes", secret: false }
 */
export function translateValue(text: string, where: string, context: ValueContext): TranslatedValue {
  const secret = { value: false };
  const value = text.replace(REFERENCE, (match, body: string) => {
    if (context.format === "claude-code") {
      // Claude Code expands ${VAR} and ${VAR:-default} from its environment, as this library does.
      if (SHELL_REFERENCE.test(body)) return match;
      throw new ImportRefusal(`${where}: ${match} is not a Claude Code variable (\${VAR} or \${VAR:-default})`);
    }
    if (context.format === "claude-desktop") {
      throw new ImportRefusal(`${where}: Claude Desktop passes ${match} on literally, but ${context.voice.name} would expand it; write the value itself`);
    }
    return editorVariable(body, where, context, secret);
  });
  return { value, secret: secret.value };
}

/** Reads VS Code's `inputs` array; malformed entries refuse nothing by themselves (a use of them does). */
export function readInputs(value: unknown): Map<string, ImportInput> {
  const inputs = new Map<string, ImportInput>();
  if (!Array.isArray(value)) return inputs;
  for (const item of value) {
    if (typeof item !== "object" || item === null) continue;
    const { id, description, password } = item as Record<string, unknown>;
    if (typeof id !== "string") continue;
    inputs.set(id, { id, ...(typeof description === "string" ? { description } : {}), password: password === true });
  }
  return inputs;
}

/** Parses a dotenv file as VS Code's `envFile` reads it: KEY=VALUE lines, `#` comments, optional quotes and `export`. */
export function parseEnvFile(text: string, where: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/.exec(line);
    if (!match) throw new ImportRefusal(`${where} line ${index + 1} is not KEY=VALUE`);
    let value = match[2] as string;
    const quoted = /^(['"])(.*)\1$/s.exec(value);
    if (quoted) value = quoted[1] === '"' ? (quoted[2] as string).replace(/\\n/g, "\n") : (quoted[2] as string);
    else value = value.replace(/\s+#.*$/, "");
    out[match[1] as string] = value;
  }
  return out;
}
