import { rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ContractError, ContractRegistry } from "../src/index";
import { fixtureProject, tempDir, writeContract } from "./helpers";

const BUILT_INS = ["analysis.v1", "finding.v1", "handoff.v1", "plan.v1", "review.v1", "task.v1"];

function thrownBy(action: () => unknown): ContractError {
  try {
    action();
  } catch (error) {
    if (ContractError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a ContractError");
}

describe("ContractRegistry.load", () => {
  it("holds only the built-ins when the project has no .foundry/contracts", async () => {
    const registry = await ContractRegistry.load({ root: await tempDir() });
    expect(registry.ids()).toEqual(BUILT_INS);
    expect(registry.problems()).toEqual([]);
  });

  it("adds project contracts from .foundry/contracts/<id>.json, which may $ref built-ins and each other", async () => {
    const root = await fixtureProject();
    const registry = await ContractRegistry.load({ root });
    expect(registry.ids()).toEqual(
      ["acme.incident.v1", "acme.runbook-ref.v1", ...BUILT_INS].sort(),
    );
    expect(registry.problems()).toEqual([]);
    const incident = registry.get("acme.incident.v1");
    expect(incident).toMatchObject({
      id: "acme.incident.v1",
      source: "project",
      title: "Incident",
      path: ".foundry/contracts/acme.incident.v1.json",
    });
    const valid = {
      summary: "Checkout down 12 minutes",
      startedAt: "2026-11-02T10:15:00Z",
      ticket: "https://tracker.example/INC-4",
      findings: [
        {
          title: "Pool exhausted",
          severity: "critical",
          failureScenario: "Traffic spike holds all connections.",
        },
      ],
      runbook: { slug: "db-failover" },
    };
    expect(registry.validate("acme.incident.v1", valid)).toMatchObject({ valid: true });
    expect(
      registry.validate("acme.incident.v1", {
        ...valid,
        startedAt: "yesterday",
        findings: [{ title: "Pool exhausted", severity: "urgent" }],
        runbook: { slug: "DB Failover" },
        extra: 1,
      }),
    ).toMatchObject({
      valid: false,
      errors: [
        'unknown property "extra" (not allowed by the contract)',
        "/startedAt must be a valid date-time",
        'missing required property "failureScenario" at /findings/0',
        "/findings/0/severity must be one of: low, medium, high, critical",
        "/runbook/slug must match the pattern ^[a-z0-9-]+$",
      ],
    });
  });

  it("never lets a project file shadow a built-in, and says so", async () => {
    const root = await tempDir();
    await writeContract(root, "finding.v1.json", { type: "object" });
    const registry = await ContractRegistry.load({ root });
    expect(registry.get("finding.v1").source).toBe("built-in");
    expect(registry.validate("finding.v1", {})).toMatchObject({ valid: false });
    expect(registry.problems()).toEqual([
      '.foundry/contracts/finding.v1.json ignored: "finding.v1" is a built-in contract and cannot be replaced; save yours under a new id such as "finding.v2" or "project.finding.v1".',
    ]);
  });

  it("skips broken files with one problem line each and keeps the rest", async () => {
    const root = await tempDir();
    await writeContract(root, "good.v1.json", { type: "object", required: ["a"] });
    await writeContract(root, "notjson.v1.json", "{ nope");
    await writeContract(root, "array.v1.json", [1, 2]);
    await writeContract(root, "badtype.v1.json", { type: "strng" });
    await writeContract(root, "badref.v1.json", { $ref: "nowhere.v1" });
    await writeContract(root, "bad id.json", { type: "object" });
    await writeContract(root, "draft7.v1.json", {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
    });
    await writeContract(root, "notes.txt", "ignored quietly");
    const registry = await ContractRegistry.load({ root });
    expect(registry.ids()).toEqual([...BUILT_INS, "good.v1"].sort());
    const problems = registry.problems();
    expect(problems).toHaveLength(6);
    expect(
      problems.find((line) => line.startsWith(".foundry/contracts/draft7.v1.json ignored: ")),
    ).toMatch(/draft-07/);
    expect(problems).toContain(
      '.foundry/contracts/bad id.json ignored: "bad id" is not a valid contract id (letters, digits, ".", "_", "-"; at most 80 characters).',
    );
    expect(problems).toContain(
      ".foundry/contracts/array.v1.json ignored: a contract must be a JSON Schema object.",
    );
    expect(
      problems.find((line) =>
        line.startsWith(".foundry/contracts/notjson.v1.json ignored: not valid JSON ("),
      ),
    ).toBeDefined();
    expect(
      problems.find((line) =>
        line.startsWith(
          ".foundry/contracts/badtype.v1.json ignored: not a valid draft 2020-12 JSON Schema (",
        ),
      ),
    ).toBeDefined();
    expect(
      problems.find((line) =>
        line.startsWith(".foundry/contracts/badref.v1.json ignored: it does not compile ("),
      ),
    ).toBeDefined();
  });

  it("refuses a contract file that is a symbolic link leading outside the root", async () => {
    const root = await tempDir();
    const outside = await tempDir("outside-");
    await writeFile(path.join(outside, "secret.json"), JSON.stringify({ type: "object" }));
    await writeContract(root, "inside.v1.json", { type: "object" });
    await symlink(
      path.join(outside, "secret.json"),
      path.join(root, ".foundry", "contracts", "leak.v1.json"),
    );
    const registry = await ContractRegistry.load({ root });
    expect(registry.has("leak.v1")).toBe(false);
    expect(registry.has("inside.v1")).toBe(true);
    expect(registry.problems()).toEqual([
      ".foundry/contracts/leak.v1.json ignored: it is a symbolic link that leads outside the project root.",
    ]);
  });

  it("refuses a .foundry/contracts folder that resolves outside the root", async () => {
    const root = await tempDir();
    const outside = await tempDir("outside-");
    await writeFile(path.join(outside, "x.v1.json"), JSON.stringify({ type: "object" }));
    await writeContract(root, "placeholder.v1.json", {});
    await rm(path.join(root, ".foundry", "contracts"), { recursive: true });
    await symlink(outside, path.join(root, ".foundry", "contracts"));
    const registry = await ContractRegistry.load({ root });
    expect(registry.has("x.v1")).toBe(false);
    expect(registry.problems()).toEqual([
      ".foundry/contracts ignored: it resolves outside the project root.",
    ]);
  });

  it("reads the disk on every load but compiles unchanged contracts only once", async () => {
    const root = await tempDir();
    await writeContract(root, "note.v1.json", { type: "object", required: ["a"] });
    const first = await ContractRegistry.load({ root });
    const second = await ContractRegistry.load({ root });
    expect(second.validator("note.v1")).toBe(first.validator("note.v1"));
    expect(second.validator("finding.v1")).toBe(first.validator("finding.v1"));
    expect(ContractRegistry.builtIn().validator("review.v1")).toBe(first.validator("review.v1"));

    await writeContract(root, "note.v1.json", { type: "object", required: ["b"] });
    const third = await ContractRegistry.load({ root });
    expect(third.validator("note.v1")).not.toBe(first.validator("note.v1"));
    expect(third.validate("note.v1", { a: 1 })).toMatchObject({
      valid: false,
      errors: ['missing required property "b"'],
    });
    expect(first.validate("note.v1", { a: 1 })).toMatchObject({ valid: true });
  });
});

describe("unknown ids", () => {
  it("get, validate and validator throw UNKNOWN_CONTRACT listing the known ids", async () => {
    const registry = await ContractRegistry.load({ root: await fixtureProject() });
    const expected =
      'Unknown contract "finding.v2". Known contracts: acme.incident.v1, acme.runbook-ref.v1, analysis.v1, finding.v1, handoff.v1, plan.v1, review.v1, task.v1.';
    for (const action of [
      () => registry.get("finding.v2"),
      () => registry.validate("finding.v2", {}),
      () => registry.validator("finding.v2"),
    ]) {
      const error = thrownBy(action);
      expect(error.code).toBe("UNKNOWN_CONTRACT");
      expect(error.message).toBe(expected);
    }
    expect(registry.has("../finding.v1")).toBe(false);
    expect(thrownBy(() => registry.get("constructor")).code).toBe("UNKNOWN_CONTRACT");
  });
});
