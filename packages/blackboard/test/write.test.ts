import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { ContractError, ContractRegistry } from "@foundry-mcp/contracts";
import { estimateTokens } from "@foundry-mcp/tokens";
import { describe, expect, it } from "vitest";
import { Blackboard, BlackboardError, MAX_ARTIFACT_BYTES } from "../src/index";
import { FINDING, REVIEW, freshBoard, listTree, tempDir } from "./helpers";

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("Blackboard.write", () => {
  it("stores the artifact with schema and producedBy and answers with the exact SPEC text", async () => {
    const { root, board } = await freshBoard();
    const result = await board.write({
      wave: "audit",
      agent: "appsec-reviewer",
      schema: "review.v1",
      data: REVIEW,
    });
    const file = path.join(root, ".foundry", "blackboard", "audit", "appsec-reviewer.json");
    const text = await readFile(file, "utf8");
    expect(JSON.parse(text)).toEqual({
      schema: "review.v1",
      producedBy: "appsec-reviewer",
      ...REVIEW,
    });
    expect(Object.keys(JSON.parse(text)).slice(0, 2)).toEqual(["schema", "producedBy"]);
    const bytes = (await stat(file)).size;
    const tokens = estimateTokens(text);
    expect(result).toEqual({
      ok: true,
      path: ".foundry/blackboard/audit/appsec-reviewer.json",
      bytes,
      tokens,
      text: `Wrote .foundry/blackboard/audit/appsec-reviewer.json (${bytes} bytes, ~${tokens} tokens).\nReturn to your caller ONLY this path and a summary of at most 300 tokens.`,
    });
    expect(await listTree(root)).toEqual([
      ".foundry",
      ".foundry/blackboard",
      ".foundry/blackboard/audit",
      ".foundry/blackboard/audit/appsec-reviewer.json",
    ]);
  });

  it("overrides schema and producedBy given in data, using the sanitized agent", async () => {
    const { root, board } = await freshBoard();
    const result = await board.write({
      wave: "audit wave",
      agent: "AppSec Reviewer",
      schema: "finding.v1",
      data: { ...FINDING, schema: "review.v1", producedBy: "someone-else" },
    });
    expect(result.ok && result.path).toBe(".foundry/blackboard/audit-wave/AppSec-Reviewer.json");
    const stored = JSON.parse(
      await readFile(
        path.join(root, ".foundry/blackboard/audit-wave/AppSec-Reviewer.json"),
        "utf8",
      ),
    );
    expect(stored).toMatchObject({ schema: "finding.v1", producedBy: "AppSec-Reviewer" });
  });

  it("rejects an invalid artifact with the exact SPEC text and writes nothing, not even a folder", async () => {
    const { root, board } = await freshBoard();
    const { failureScenario: _dropped, ...incomplete } = FINDING;
    const result = await board.write({
      wave: "audit",
      agent: "appsec-reviewer",
      schema: "finding.v1",
      data: incomplete,
    });
    expect(result).toEqual({
      ok: false,
      errors: ['missing required property "failureScenario"'],
      text: 'Rejected: artifact does not satisfy finding.v1.\n- missing required property "failureScenario"\nFix and call again.',
    });
    expect(await listTree(root)).toEqual([]);
  });

  it("leaves the previous artifact untouched when a replacement is rejected", async () => {
    const { root, board } = await freshBoard();
    await board.write({ wave: "audit", agent: "a", schema: "finding.v1", data: FINDING });
    const file = path.join(root, ".foundry/blackboard/audit/a.json");
    const before = await readFile(file, "utf8");
    const result = await board.write({
      wave: "audit",
      agent: "a",
      schema: "finding.v1",
      data: { ...FINDING, severity: "urgent" },
    });
    expect(result.text).toBe(
      "Rejected: artifact does not satisfy finding.v1.\n- /severity must be one of: low, medium, high, critical\nFix and call again.",
    );
    expect(await readFile(file, "utf8")).toBe(before);
    expect(await listTree(path.join(root, ".foundry/blackboard/audit"))).toEqual(["a.json"]);
  });

  it("replaces an artifact written again by the same agent", async () => {
    const { root, board } = await freshBoard();
    await board.write({ wave: "audit", agent: "a", schema: "finding.v1", data: FINDING });
    await board.write({
      wave: "audit",
      agent: "a",
      schema: "finding.v1",
      data: { ...FINDING, severity: "low" },
    });
    const stored = JSON.parse(
      await readFile(path.join(root, ".foundry/blackboard/audit/a.json"), "utf8"),
    );
    expect(stored.severity).toBe("low");
    expect(await listTree(path.join(root, ".foundry/blackboard/audit"))).toEqual(["a.json"]);
  });

  it("validates what is stored: values JSON cannot hold are dropped before validation", async () => {
    const { root, board } = await freshBoard();
    const result = await board.write({
      wave: "w",
      agent: "a",
      schema: "finding.v1",
      data: { ...FINDING, failureScenario: undefined },
    });
    expect(result.ok).toBe(false);
    expect(await listTree(root)).toEqual([]);
  });

  it("throws UNKNOWN_CONTRACT for an unknown schema and writes nothing", async () => {
    const { root, board } = await freshBoard();
    const error = await errorOf(
      board.write({ wave: "w", agent: "a", schema: "nope.v1", data: {} }),
    );
    expect(ContractError.isInstance(error) && error.code).toBe("UNKNOWN_CONTRACT");
    expect(await listTree(root)).toEqual([]);
  });

  it("throws INVALID_DATA for data that is not a JSON object", async () => {
    const { root, board } = await freshBoard();
    const cyclic: Record<string, unknown> = { ...FINDING };
    cyclic.self = cyclic;
    const cases: Array<[unknown, RegExp]> = [
      [[FINDING], /^data must be a JSON object \(the artifact\), got an array\.$/],
      [null, /^data must be a JSON object \(the artifact\), got null\.$/],
      ["text", /^data must be a JSON object \(the artifact\), got string\.$/],
      [cyclic, /^data cannot be stored as JSON \(.+\); pass plain JSON values only\.$/],
      [
        { ...FINDING, big: 1n },
        /^data cannot be stored as JSON \(.+\); pass plain JSON values only\.$/,
      ],
    ];
    for (const [data, message] of cases) {
      const error = await errorOf(
        board.write({
          wave: "w",
          agent: "a",
          schema: "finding.v1",
          data: data as Record<string, unknown>,
        }),
      );
      expect(BlackboardError.isInstance(error) && error.code).toBe("INVALID_DATA");
      expect((error as Error).message).toMatch(message);
    }
    expect(await listTree(root)).toEqual([]);
  });

  it("refuses an artifact over the size limit", async () => {
    const { root, board } = await freshBoard();
    const data = {
      ...REVIEW,
      notes: Array.from({ length: 100 }, () => "x".repeat(1000)),
      padding: "y".repeat(MAX_ARTIFACT_BYTES),
    };
    const error = await errorOf(board.write({ wave: "w", agent: "a", schema: "review.v1", data }));
    expect(BlackboardError.isInstance(error) && error.code).toBe("ARTIFACT_TOO_LARGE");
    expect((error as Error).message).toMatch(
      /^data is \d+ bytes as JSON, over the 1048576-byte limit of an artifact; store the bulk in files and list their paths\.$/,
    );
    expect(await listTree(root)).toEqual([]);
  });

  it("validates against project contracts loaded from disk", async () => {
    const root = await tempDir();
    await mkdir(path.join(root, ".foundry", "contracts"), { recursive: true });
    await writeFile(
      path.join(root, ".foundry", "contracts", "acme.note.v1.json"),
      JSON.stringify({
        type: "object",
        required: ["summary"],
        properties: { summary: { type: "string" } },
      }),
    );
    const board = new Blackboard({ root, registry: await ContractRegistry.load({ root }) });
    expect(
      (await board.write({ wave: "w", agent: "a", schema: "acme.note.v1", data: {} })).text,
    ).toBe(
      'Rejected: artifact does not satisfy acme.note.v1.\n- missing required property "summary"\nFix and call again.',
    );
    expect(
      (
        await board.write({
          wave: "w",
          agent: "a",
          schema: "acme.note.v1",
          data: { summary: "ok" },
        })
      ).ok,
    ).toBe(true);
  });
});
