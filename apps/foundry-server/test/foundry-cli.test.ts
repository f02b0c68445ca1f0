// The `foundry` CLI skeleton (src/cli/): the dispatcher's help, version and usage errors, run on
// the built dist/foundry.mjs. Its commands are proved in memory-merge.test.ts.
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import packageJson from "../package.json";
import { COMMANDS, foundryUsage } from "../src/cli/dispatch";
import { foundry } from "./support/git-project";
import { cleanup, makeTempDir, requireBuild } from "./support/server-process";

afterAll(cleanup);

describe("foundry", () => {
  requireBuild();
  const cwd = makeTempDir("foundry-cli-");

  it("prints the command list on --help and the version on --version", () => {
    expect(foundry(cwd, "--help")).toEqual({ status: 0, stdout: foundryUsage(), stderr: "" });
    expect(foundryUsage()).toContain("\n  doctor   check the memory: layout, unreadable files, merge resolutions, links, INDEX.md\n  migrate  move the memory");
    expect(foundry(cwd, "-v")).toEqual({ status: 0, stdout: `${packageJson.version}\n`, stderr: "" });
    expect(foundry(cwd, "migrate", "--help").stdout.split("\n")[0]).toBe("Usage: foundry [--root DIR] migrate");
  });

  it("prints each command's own usage on --help and -h", () => {
    for (const command of COMMANDS) {
      const help = foundry(cwd, command.name, "--help");
      expect(help).toEqual({ status: 0, stdout: command.usage, stderr: "" });
      expect(help.stdout.split("\n")[0]).toMatch(new RegExp(`^Usage: foundry \\[--root DIR\\] ${command.name}( |$)`));
      expect(foundry(cwd, command.name, "-h").stdout).toBe(command.usage);
    }
  });

  it("exits 2 with a message naming the fix for no command, an unknown command or argument, and --root without a folder", () => {
    expect(foundry(cwd)).toEqual({ status: 2, stdout: "", stderr: foundryUsage() });
    expect(foundry(cwd, "serve")).toEqual({ status: 2, stdout: "", stderr: 'foundry: unknown command "serve". Commands: init, search, show, write, list, index, report, export, import, doctor, migrate. Run foundry --help.\n' });
    expect(foundry(cwd, "doctor", "--fix")).toEqual({ status: 2, stdout: "", stderr: 'foundry doctor: unknown argument "--fix". Run foundry doctor --help.\n' });
    expect(foundry(cwd, "--root")).toEqual({ status: 2, stdout: "", stderr: "foundry: --root needs a directory, e.g. --root ./my-project\n" });
  });

  it("acts on --root, resolved against the working folder", () => {
    const project = makeTempDir("foundry-cli-root-");
    const doctor = foundry(cwd, "--root", project, "doctor");
    expect(doctor.status).toBe(0);
    expect(doctor.stdout.split("\n")[0]).toBe(`foundry doctor: ${path.resolve(project)} (root from --root)`);
    expect(doctor.stdout).toContain("ok      layout: sequential (no git work tree).");
  });
});
