// A small, strict argument parser for one foya command: known options only, `--name value` and
// `--name=value`, repeatable options, and everything after `--` kept verbatim (the command line of
// a stdio server). commands/*.ts declare their options; main.ts routes to them.
import { messageOf } from "@foundry-mcp/core";
import { usageError } from "./errors";
import { isJsonObject } from "@foundry-mcp/core/json";

/** How an option takes its value: a switch, one value, or a value per occurrence. */
export type OptionKind = "flag" | "value" | "list";

/** What one command accepts. */
export interface CommandShape {
  /** The command's words, for messages (`mcp add`). */
  command: string;
  options: Record<string, OptionKind>;
  /** Names of the positional arguments, in order; a trailing `?` marks an optional one. */
  positionals: string[];
  /** Whether `-- <command> [args…]` may follow. */
  rest?: boolean;
}

/** The parsed command line of one command. */
export interface ParsedArguments {
  positionals: Record<string, string>;
  values: Record<string, string>;
  lists: Record<string, string[]>;
  flags: Set<string>;
  rest: string[];
}

/**
 * Parses `argv` (the words after the command) against `shape`. Unknown options, missing values,
 * missing or extra positionals are usage errors naming the word and pointing at `--help`.
 *
 * @example parseArguments(["mem", "--", "node", "s.mjs"], addShape) // positionals.name = "mem", rest = ["node","s.mjs"]
 */
export function parseArguments(argv: readonly string[], shape: CommandShape): ParsedArguments {
  const parsed: ParsedArguments = { positionals: {}, values: {}, lists: {}, flags: new Set(), rest: [] };
  const words: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const word = argv[index] as string;
    if (word === "--") {
      if (!shape.rest) throw usageError(`foya ${shape.command} takes no "--" command line`, shape.command);
      parsed.rest = argv.slice(index + 1);
      break;
    }
    if (!word.startsWith("--") || word === "-") {
      words.push(word);
      continue;
    }
    const equals = word.indexOf("=");
    const name = equals > 0 ? word.slice(2, equals) : word.slice(2);
    const kind = shape.options[name];
    if (kind === undefined) throw usageError(`Unknown option --${name} for foya ${shape.command}`, shape.command);
    if (kind === "flag") {
      if (equals > 0) throw usageError(`--${name} takes no value`, shape.command);
      parsed.flags.add(name);
      continue;
    }
    let value: string | undefined;
    if (equals > 0) value = word.slice(equals + 1);
    else {
      value = argv[index + 1];
      if (value === undefined || value === "--") throw usageError(`--${name} needs a value`, shape.command);
      index++;
    }
    if (kind === "value") {
      if (name in parsed.values) throw usageError(`--${name} was given twice`, shape.command);
      parsed.values[name] = value;
    } else (parsed.lists[name] ??= []).push(value);
  }
  assignPositionals(words, shape, parsed);
  return parsed;
}

function assignPositionals(words: string[], shape: CommandShape, parsed: ParsedArguments): void {
  const names = shape.positionals;
  if (words.length > names.length) {
    const extra = words[names.length] as string;
    throw usageError(`Unexpected argument "${extra}" for foya ${shape.command}`, shape.command);
  }
  names.forEach((declared, index) => {
    const optional = declared.endsWith("?");
    const name = optional ? declared.slice(0, -1) : declared;
    const word = words[index];
    if (word === undefined) {
      if (!optional) throw usageError(`foya ${shape.command} needs <${name}>`, shape.command);
      return;
    }
    parsed.positionals[name] = word;
  });
}

/**
 * Splits repeated `K=V` options (`--env`, `--header`) into a record; a word without `=` or with an
 * empty key is a usage error naming the option.
 */
export function parsePairs(pairs: readonly string[] | undefined, option: string, command: string): Record<string, string> {
  const record: Record<string, string> = {};
  for (const pair of pairs ?? []) {
    const equals = pair.indexOf("=");
    if (equals <= 0) throw usageError(`--${option} expects KEY=VALUE, got "${pair.split("=")[0]}"`, command);
    record[pair.slice(0, equals)] = pair.slice(equals + 1);
  }
  return record;
}

/**
 * Parses `--args JSON` into an object. Anything but a JSON object is a usage error that shows
 * the expected form.
 */
export function parseJsonObject(text: string | undefined, option: string, command: string): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = messageOf(error);
    throw usageError(`--${option} is not valid JSON (${reason}); expected an object like '{"query":"x"}'`, command);
  }
  if (!isJsonObject(value)) {
    throw usageError(`--${option} must be a JSON object like '{"query":"x"}'`, command);
  }
  return value;
}
