// The argument parser: options, repeats, `--`, positionals, and the usage errors it raises.
import { describe, expect, it } from "vitest";
import { parseArguments, parseJsonObject, parsePairs, type CommandShape } from "../../src/cli/args";
import { FoyaError } from "../../src/cli/errors";

const add: CommandShape = { command: "mcp add", options: { env: "list", cwd: "value", disabled: "flag" }, positionals: ["name"], rest: true };

describe("parseArguments", () => {
  it("reads values, repeated options, flags and the command after --", () => {
    const parsed = parseArguments(["mem", "--env", "A=1", "--env=B=2", "--cwd", "/x", "--disabled", "--", "node", "s.mjs", "--root", "r"], add);
    expect(parsed.positionals).toEqual({ name: "mem" });
    expect(parsed.lists.env).toEqual(["A=1", "B=2"]);
    expect(parsed.values.cwd).toBe("/x");
    expect(parsed.flags.has("disabled")).toBe(true);
    expect(parsed.rest).toEqual(["node", "s.mjs", "--root", "r"]);
  });

  it.each([
    [["mem", "--nope"], "Unknown option --nope for foya mcp add. Run: foya mcp add --help"],
    [["mem", "--cwd"], "--cwd needs a value. Run: foya mcp add --help"],
    [["mem", "--cwd", "a", "--cwd", "b"], "--cwd was given twice. Run: foya mcp add --help"],
    [["mem", "extra"], 'Unexpected argument "extra" for foya mcp add. Run: foya mcp add --help'],
    [[], "foya mcp add needs <name>. Run: foya mcp add --help"],
    [["mem", "--disabled=yes"], "--disabled takes no value. Run: foya mcp add --help"],
  ])("refuses %j", (argv, message) => {
    let caught: unknown;
    try {
      parseArguments(argv, add);
    } catch (error) {
      caught = error;
    }
    expect(FoyaError.isInstance(caught)).toBe(true);
    expect((caught as FoyaError).message).toBe(message);
    expect((caught as FoyaError).exitCode).toBe(2);
  });

  it("refuses -- where a command takes none", () => {
    expect(() => parseArguments(["--", "x"], { command: "tools", options: {}, positionals: [] })).toThrow('foya tools takes no "--" command line');
  });
});

describe("parsePairs and parseJsonObject", () => {
  it("splits KEY=VALUE at the first = and refuses a missing key", () => {
    expect(parsePairs(["A=b=c", "EMPTY="], "env", "mcp add")).toEqual({ A: "b=c", EMPTY: "" });
    expect(() => parsePairs(["=x"], "header", "mcp add")).toThrow("--header expects KEY=VALUE");
  });

  it("accepts only JSON objects", () => {
    expect(parseJsonObject('{"a":1}', "args", "call")).toEqual({ a: 1 });
    expect(parseJsonObject(undefined, "args", "call")).toEqual({});
    expect(() => parseJsonObject("[1]", "args", "call")).toThrow("--args must be a JSON object");
    expect(() => parseJsonObject("{", "args", "call")).toThrow("--args is not valid JSON");
  });
});
