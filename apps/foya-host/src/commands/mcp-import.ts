// `foya mcp import <file>`: another client's servers into mcp.json through the package's
// ConfigStore.importFrom, which translates every value or refuses the server with the reason.
// This file only reads the file, asks for VS Code `inputs` on a terminal (password ones without
// echo), and prints what was (or, with --dry-run, would be) written. Secrets are never printed.
import { messageOf } from "@foundry-mcp/core";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { importInputs, type ImportFormat, type ImportInput } from "@foundry-mcp/client-manager";
import { parseArguments, parsePairs } from "../cli/args";
import { FoyaError, FoyaErrorCode, usageError } from "../cli/errors";
import { formatJson } from "../cli/output";
import type { ImportReport } from "../host/contract";
import type { Command } from "./context";
import { redactValues } from "./redact";

const FORMATS: readonly ImportFormat[] = ["claude-desktop", "claude-code", "cursor", "vscode"];

/** Asks one question on the terminal; a password answer is not echoed. */
function ask(question: string, hidden: boolean): Promise<string> {
  return new Promise((resolve) => {
    const terminal = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    if (hidden) {
      // Print the question, then swallow the echo of what is typed.
      process.stderr.write(question);
      (terminal as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => undefined;
    }
    terminal.question(hidden ? "" : question, (answer) => {
      if (hidden) process.stderr.write("\n");
      terminal.close();
      resolve(answer);
    });
  });
}

async function answerInputs(needed: ImportInput[], given: Record<string, string>): Promise<Record<string, string>> {
  const answers = { ...given };
  if (!process.stdin.isTTY) return answers;
  for (const input of needed) {
    if (answers[input.id] !== undefined) continue;
    answers[input.id] = await ask(`${input.description ?? input.id}${input.password ? " (not shown)" : ""}: `, input.password);
  }
  return answers;
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new FoyaError(FoyaErrorCode.NOT_FOUND, `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? "error"}.`, { cause: error });
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new FoyaError(FoyaErrorCode.INVALID_INPUT, `${file} is not valid JSON: ${messageOf(error)}.`);
  }
}

/** The servers as mcp.json would hold them, secret-looking literal values masked all the same. */
function printableServers(report: ImportReport): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, server] of Object.entries(report.servers)) {
    out[name] = server.transport === "stdio" ? { ...server, ...(server.env ? { env: redactValues(server.env) } : {}) } : { ...server, ...(server.headers ? { headers: redactValues(server.headers) } : {}) };
  }
  return out;
}

function summary(report: ImportReport, file: string, dryRun: boolean): string {
  const lines: string[] = [];
  if (report.added.length === 0) lines.push(`No servers ${dryRun ? "would be " : ""}imported from ${file} (read as ${report.format}).`);
  else lines.push(`${dryRun ? "Would import" : "Imported"} ${report.added.length} from ${file} (read as ${report.format}): ${report.added.join(", ")}.`);
  const secrets = [...new Set([...report.tokensStored, ...report.secretsStored])];
  // Names only: the secrets themselves are never printed.
  if (secrets.length > 0) lines.push(`Secrets of ${secrets.join(", ")} ${dryRun ? "would go" : "went"} to mcp-credentials.json (0600), not mcp.json.`);
  if (report.refused.length > 0) lines.push(`Refused ${report.refused.length}: ${report.refused.map((entry) => entry.name).join(", ")} (see the warnings).`);
  if (dryRun && report.added.length > 0) lines.push(`mcp.json would get:\n${formatJson({ servers: printableServers(report) }).trimEnd()}`);
  return lines.join("\n");
}

/** `foya mcp import <file> [--dry-run] [--json] [--format F] [--workspace DIR] [--project PATH] [--input ID=VALUE]…`. */
export const mcpImport: Command = async (argv, context) => {
  const command = "mcp import";
  const parsed = parseArguments(argv, {
    command,
    options: { json: "flag", "dry-run": "flag", format: "value", workspace: "value", project: "value", input: "list" },
    positionals: ["file"],
  });
  const file = path.resolve(parsed.positionals.file as string);
  const format = parsed.values.format;
  if (format !== undefined && !FORMATS.includes(format as ImportFormat)) throw usageError(`--format must be one of ${FORMATS.join(", ")}, got "${format}"`, command);
  const json = readJson(file);
  const options = {
    sourcePath: file,
    ...(format === undefined ? {} : { format: format as ImportFormat }),
    ...(parsed.values.workspace === undefined ? {} : { workspaceFolder: path.resolve(parsed.values.workspace) }),
    ...(parsed.values.project === undefined ? {} : { project: parsed.values.project }),
  };
  const given = parsePairs(parsed.lists.input, "input", command);
  const dryRun = parsed.flags.has("dry-run");
  const inputs = await answerInputs(importInputs(json, options), given);
  const report = context.openConfig(context.home).importServers(json, { ...options, inputs, dryRun });
  for (const warning of report.warnings) context.output.err(`warning: ${warning}`);
  if (parsed.flags.has("json")) {
    context.output.out(
      formatJson({ format: report.format, dry_run: dryRun, imported: report.added, servers: printableServers(report), refused: report.refused, warnings: report.warnings, tokens_stored: report.tokensStored, secrets_stored: report.secretsStored }),
    );
  } else context.output.out(summary(report, file, dryRun));
  return 0;
};
