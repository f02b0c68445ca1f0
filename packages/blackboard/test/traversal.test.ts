// No wave or agent name, and no link placed on disk, can make the blackboard read or write
// outside `<root>/.foundry/blackboard`.

import { mkdir, readdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { ContractRegistry } from "@foundry-mcp/contracts";
import { describe, expect, it } from "vitest";
import { Blackboard, BlackboardError } from "../src/index";
import { FINDING, freshBoard, listTree, tempDir } from "./helpers";

async function errorOf(promise: Promise<unknown>): Promise<BlackboardError> {
  try {
    await promise;
  } catch (error) {
    if (BlackboardError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a BlackboardError");
}

/** A root nested two levels down, so `..` names have somewhere to land if they escaped. */
async function nestedBoard(): Promise<{ outer: string; root: string; board: Blackboard }> {
  const outer = await tempDir();
  const root = path.join(outer, "a", "project");
  await mkdir(root, { recursive: true });
  return { outer, root, board: new Blackboard({ root, registry: ContractRegistry.builtIn() }) };
}

describe("names never leave the blackboard folder", () => {
  it.each([
    ["../", "..-"],
    ["../../outside", "..-..-outside"],
    ["/etc", "-etc"],
    ["/tmp/absolute", "-tmp-absolute"],
    ["..%2F..%2Fescape", "..-2F..-2Fescape"],
    ["..\\..\\win", "..-..-win"],
    ["wave\u0000nul", "wave-nul"],
    ["ünïcödé-😀", "-n-c-d---"],
    ["x".repeat(300), "x".repeat(80)],
  ])("wave and agent %j are stored as %j inside the board", async (name, stored) => {
    const { outer, root, board } = await nestedBoard();
    const result = await board.write({
      wave: name,
      agent: name,
      schema: "finding.v1",
      data: FINDING,
    });
    expect(result.ok && result.path).toBe(`.foundry/blackboard/${stored}/${stored}.json`);
    expect(await listTree(outer)).toEqual(
      [
        "a",
        "a/project",
        "a/project/.foundry",
        "a/project/.foundry/blackboard",
        `a/project/.foundry/blackboard/${stored}`,
        `a/project/.foundry/blackboard/${stored}/${stored}.json`,
      ].sort(),
    );
    const read = await board.read({ wave: name, agent: name });
    expect(read.artifacts).toBe(1);
    expect(root.startsWith(outer)).toBe(true);
  });

  it.each([".", "..", ""])("refuses %j as wave and as agent, for write and read", async (name) => {
    const { outer, board } = await nestedBoard();
    expect(
      (await errorOf(board.write({ wave: name, agent: "a", schema: "finding.v1", data: FINDING })))
        .code,
    ).toBe("INVALID_NAME");
    expect(
      (await errorOf(board.write({ wave: "w", agent: name, schema: "finding.v1", data: FINDING })))
        .code,
    ).toBe("INVALID_NAME");
    expect((await errorOf(board.read({ wave: name }))).code).toBe("INVALID_NAME");
    expect((await errorOf(board.read({ wave: "w", agent: name }))).code).toBe("INVALID_NAME");
    expect(await listTree(outer)).toEqual(["a", "a/project"]);
  });
});

describe("links never lead the blackboard outside", () => {
  it("refuses a wave folder that is a symbolic link to outside, for write and read", async () => {
    const { root, board } = await freshBoard();
    const outside = await tempDir("outside-");
    await writeFile(path.join(outside, "victim.json"), JSON.stringify({ summary: "secret" }));
    await mkdir(path.join(root, ".foundry", "blackboard"), { recursive: true });
    await symlink(outside, path.join(root, ".foundry", "blackboard", "audit"));
    const write = await errorOf(
      board.write({ wave: "audit", agent: "victim", schema: "finding.v1", data: FINDING }),
    );
    expect(write.code).toBe("UNSAFE_PATH");
    expect(write.message).toBe(
      ".foundry/blackboard/audit is a symbolic link; the blackboard refuses links, which could lead outside it. Replace it with a folder.",
    );
    expect((await errorOf(board.read({ wave: "audit" }))).code).toBe("UNSAFE_PATH");
    expect(await readdir(outside)).toEqual(["victim.json"]);
    expect(await board.listWaves()).toEqual([]);
  });

  it("refuses a .foundry or .foundry/blackboard that resolves outside the root", async () => {
    for (const linked of [".foundry", ".foundry/blackboard"]) {
      const { root, board } = await freshBoard();
      const outside = await tempDir("outside-");
      await mkdir(path.dirname(path.join(root, linked)), { recursive: true });
      await symlink(outside, path.join(root, linked));
      const error = await errorOf(
        board.write({ wave: "w", agent: "a", schema: "finding.v1", data: FINDING }),
      );
      expect(error.code).toBe("UNSAFE_PATH");
      expect(error.message).toBe(
        `${linked} resolves outside the project root (a symbolic link); the blackboard refuses it. Replace the link with a folder.`,
      );
      expect((await errorOf(board.read({ wave: "w" }))).code).toBe("UNSAFE_PATH");
      expect((await errorOf(board.totals())).code).toBe("UNSAFE_PATH");
      expect(await readdir(outside)).toEqual([]);
    }
  });

  it("refuses to write over an artifact that is a link, and never reads through one", async () => {
    const { root, board } = await freshBoard();
    const outside = await tempDir("outside-");
    const secret = path.join(outside, "secret.json");
    await writeFile(secret, JSON.stringify({ summary: "do not show" }));
    const wave = path.join(root, ".foundry", "blackboard", "audit");
    await mkdir(wave, { recursive: true });
    await symlink(secret, path.join(wave, "agent.json"));
    const error = await errorOf(
      board.write({ wave: "audit", agent: "agent", schema: "finding.v1", data: FINDING }),
    );
    expect(error.code).toBe("UNSAFE_PATH");
    expect(error.message).toBe(
      ".foundry/blackboard/audit/agent.json exists and is not a regular file (a link or a folder); remove it and call again.",
    );
    expect((await board.read({ wave: "audit" })).text).toBe('Wave "audit" has no artifacts yet.');
    expect((await board.read({ wave: "audit", agent: "agent", full: true })).found).toBe(false);
    expect(await board.totals()).toEqual({ waves: 1, artifacts: 0, bytes: 0, tokens: 0 });
  });

  it("refuses a wave name that is a plain file", async () => {
    const { root, board } = await freshBoard();
    await mkdir(path.join(root, ".foundry", "blackboard"), { recursive: true });
    await writeFile(path.join(root, ".foundry", "blackboard", "notes"), "x");
    const error = await errorOf(
      board.write({ wave: "notes", agent: "a", schema: "finding.v1", data: FINDING }),
    );
    expect(error.message).toBe(
      ".foundry/blackboard/notes is not a folder; move that file away so the wave can be stored.",
    );
  });
});

describe("the project root", () => {
  it("must exist: ROOT_NOT_FOUND for write and read, and nothing is created", async () => {
    const outer = await tempDir();
    const root = path.join(outer, "missing");
    const board = new Blackboard({ root, registry: ContractRegistry.builtIn() });
    const error = await errorOf(
      board.write({ wave: "w", agent: "a", schema: "finding.v1", data: FINDING }),
    );
    expect(error.code).toBe("ROOT_NOT_FOUND");
    expect(error.message).toBe(
      `project root ${root} does not exist or is not a folder; point the blackboard at the project folder.`,
    );
    expect((await errorOf(board.read({ wave: "w" }))).code).toBe("ROOT_NOT_FOUND");
    expect(await listTree(outer)).toEqual([]);
  });
});
