// What the memory commands share: their flags (`--name value` or `--name=value`) and
// positionals, parsed with usage errors that name the flag (exit code 2), and a run on the
// project's FoundryMemory that turns the library's refusals into messages: bad input is a usage
// error (2) with the field spelled as its flag, any other MemoryError a failure (1).

import { FoundryMemory, MemoryError } from "@foundry-mcp/memory";
import { unknownArgument } from "./command";
import type { CommandContext } from "./command";

/** `value`: one string; `list`: comma-separated, may repeat. */
export type FlagKind = "value" | "list";

/** The flags and positionals one command takes. */
export interface OptionSpec {
  readonly flags: Readonly<Record<string, FlagKind>>;
  /** Names of the positionals, all required, in order (`<id>`, `<query>`). */
  readonly positionals: readonly string[];
  /** Flags the command cannot run without. */
  readonly required?: readonly string[];
}

/** Parsed arguments: flag values by name (lists joined into arrays) and the positionals. */
export interface ParsedOptions {
  readonly values: Readonly<Record<string, string | undefined>>;
  readonly lists: Readonly<Record<string, readonly string[] | undefined>>;
  readonly positionals: readonly string[];
}

function usageError(command: string, message: string, context: CommandContext): number {
  context.stderr(`foundry ${command}: ${message} Run foundry ${command} --help.\n`);
  return 2;
}

/** Parses `args` against `spec`; on a usage error writes it and returns the exit code 2. */
export function parseOptions(command: string, args: readonly string[], spec: OptionSpec, context: CommandContext): ParsedOptions | number {
  const values: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  const positionals: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const argument = args[index] as string;
    if (argument === "--") {
      positionals.push(...args.slice(index + 1));
      break;
    }
    if (!argument.startsWith("--") || argument === "-") {
      if (argument.startsWith("-") && argument !== "-") return unknownArgument(command, argument, context);
      positionals.push(argument);
      continue;
    }
    const equals = argument.indexOf("=");
    const name = argument.slice(2, equals === -1 ? undefined : equals);
    const kind = spec.flags[name];
    if (kind === undefined) return unknownArgument(command, argument, context);
    const value = equals === -1 ? args[++index] : argument.slice(equals + 1);
    if (value === undefined || (equals === -1 && value.startsWith("--")))
      return usageError(command, `--${name} needs a value.`, context);
    if (kind === "list") (lists[name] ??= []).push(...value.split(",").map((part) => part.trim()).filter(Boolean));
    else if (values[name] !== undefined) return usageError(command, `--${name} is given twice; give it once.`, context);
    else values[name] = value;
  }
  const missing = spec.positionals.slice(positionals.length);
  if (missing.length > 0) return usageError(command, `missing ${missing.map((name) => `<${name}>`).join(" ")}.`, context);
  if (positionals.length > spec.positionals.length) return unknownArgument(command, positionals[spec.positionals.length] as string, context);
  const absent = (spec.required ?? []).filter((name) => values[name] === undefined && lists[name] === undefined);
  if (absent.length > 0) {
    const names = absent.map((name) => `--${name}`);
    const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
    return usageError(command, `${listed} ${names.length === 1 ? "is" : "are"} required.`, context);
  }
  return { values, lists, positionals };
}

/** `--limit`-style integer flags: the number, or a usage error naming the flag and the bound. */
export function integerFlag(command: string, name: string, raw: string | undefined, low: number, high: number, context: CommandContext): number | undefined | { code: number } {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (/^\d+$/.test(raw) && value >= low && value <= high) return value;
  return { code: usageError(command, `--${name} must be an integer from ${low} to ${high}; got "${raw}".`, context) };
}

/**
 * Runs `work` on the project's memory and closes it. A MemoryError INVALID_INPUT is a usage error
 * (2) whose leading field name becomes its flag (`--title is 95 characters; …`); any other
 * MemoryError is the command's failure (1). Other errors propagate to main.ts (1).
 */
export async function withMemory(
  command: string,
  context: CommandContext,
  flags: readonly string[],
  work: (memory: FoundryMemory) => Promise<number>,
): Promise<number> {
  const memory = new FoundryMemory({ root: context.root });
  try {
    return await work(memory);
  } catch (error) {
    if (!MemoryError.isInstance(error)) throw error;
    if (error.code !== "INVALID_INPUT") {
      context.stderr(`foundry ${command}: ${error.message}\n`);
      return 1;
    }
    const field = /^\w+/.exec(error.message)?.[0] ?? "";
    const message = flags.includes(field) ? `--${error.message}` : error.message;
    context.stderr(`foundry ${command}: ${message}\n`);
    return 2;
  } finally {
    await memory.close();
  }
}
