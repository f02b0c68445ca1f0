import { describe, expect, it } from "vitest";
import { BUILT_IN_CONTRACTS, ContractRegistry, isBuiltInContractId } from "../src/index";

const registry = ContractRegistry.builtIn();

function errorsOf(id: string, data: unknown): string[] {
  const result = registry.validate(id, data);
  return result.valid ? [] : result.errors;
}

function without(example: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy = structuredClone(example);
  delete copy[key];
  return copy;
}

function exampleOf(id: string): Record<string, unknown> {
  const contract = BUILT_IN_CONTRACTS.find((candidate) => candidate.id === id);
  if (!contract) throw new Error(`no built-in ${id}`);
  return structuredClone(contract.example);
}

describe("built-in catalogue", () => {
  it("ships the six contracts an agent team needs", () => {
    expect(registry.ids()).toEqual([
      "analysis.v1",
      "finding.v1",
      "handoff.v1",
      "plan.v1",
      "review.v1",
      "task.v1",
    ]);
    expect(isBuiltInContractId("finding.v1")).toBe(true);
    expect(isBuiltInContractId("finding.v9")).toBe(false);
  });

  it.each(BUILT_IN_CONTRACTS.map((contract) => [contract.id, contract] as const))(
    "%s: the documented example validates, also with the envelope the blackboard adds",
    (id, contract) => {
      expect(registry.validate(id, contract.example)).toMatchObject({ valid: true });
      expect(
        registry.validate(id, { schema: id, producedBy: "agent-1", ...contract.example }),
      ).toMatchObject({ valid: true });
      expect(registry.get(id).source).toBe("built-in");
      expect(registry.get(id).schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    },
  );

  it.each(BUILT_IN_CONTRACTS.map((contract) => [contract.id] as const))(
    "%s: a non-object, and a wrong envelope schema id, are rejected",
    (id) => {
      expect(errorsOf(id, [])).toEqual(["artifact must be object"]);
      expect(errorsOf(id, { ...exampleOf(id), schema: "other.v1" })).toEqual([
        `/schema must be "${id}"`,
      ]);
    },
  );

  it("built-in schemas cannot be mutated by a caller", () => {
    expect(() => {
      (registry.get("finding.v1").schema as Record<string, unknown>).required = [];
    }).toThrow(TypeError);
  });
});

describe("finding.v1", () => {
  it("requires failureScenario", () => {
    expect(errorsOf("finding.v1", without(exampleOf("finding.v1"), "failureScenario"))).toEqual([
      'missing required property "failureScenario"',
    ]);
  });

  it("bounds severity to low, medium, high, critical", () => {
    expect(errorsOf("finding.v1", { ...exampleOf("finding.v1"), severity: "urgent" })).toEqual([
      "/severity must be one of: low, medium, high, critical",
    ]);
  });

  it("reports every problem at once", () => {
    expect(errorsOf("finding.v1", { title: "", location: { line: 0 } })).toEqual([
      'missing required property "severity"',
      'missing required property "failureScenario"',
      "/title must not be empty",
      'missing required property "file" at /location',
      "/location/line must be >= 1",
    ]);
  });
});

describe("review.v1", () => {
  it("requires summary and findings", () => {
    expect(errorsOf("review.v1", {})).toEqual([
      'missing required property "summary"',
      'missing required property "findings"',
    ]);
  });

  it("checks each finding against finding.v1, with its pointer", () => {
    const review = exampleOf("review.v1");
    review.findings = [
      { title: 3, severity: "high", failureScenario: "x" },
      { title: "t", severity: "low" },
    ];
    expect(errorsOf("review.v1", review)).toEqual([
      "/findings/0/title must be string",
      'missing required property "failureScenario" at /findings/1',
    ]);
  });

  it("accepts an empty findings list and bounds the verdict", () => {
    expect(errorsOf("review.v1", { summary: "Nothing found.", findings: [] })).toEqual([]);
    expect(errorsOf("review.v1", { summary: "s", findings: [], verdict: "maybe" })).toEqual([
      "/verdict must be one of: approve, request-changes, block",
    ]);
  });
});

describe("plan.v1", () => {
  it("needs at least one step, each with id and title", () => {
    expect(errorsOf("plan.v1", { goal: "g", steps: [] })).toEqual([
      "/steps must have at least 1 item",
    ]);
    expect(errorsOf("plan.v1", { goal: "g", steps: [{ id: "has space", title: "t" }] })).toEqual([
      "/steps/0/id must match the pattern ^[A-Za-z0-9._-]{1,80}$",
    ]);
  });

  it("refuses repeated dependencies", () => {
    const plan = exampleOf("plan.v1");
    plan.steps = [{ id: "a", title: "t", dependsOn: ["b", "b"] }];
    expect(errorsOf("plan.v1", plan)).toEqual([
      "/steps/0/dependsOn must not repeat items (items 0 and 1 are equal)",
    ]);
  });
});

describe("task.v1", () => {
  it("requires blockedReason only when blocked", () => {
    const task = exampleOf("task.v1");
    expect(errorsOf("task.v1", { ...task, status: "blocked" })).toEqual([
      'missing required property "blockedReason"',
    ]);
    expect(
      errorsOf("task.v1", { ...task, status: "blocked", blockedReason: "waits for DBA" }),
    ).toEqual([]);
    expect(errorsOf("task.v1", { ...task, status: "finished" })).toEqual([
      "/status must be one of: todo, in-progress, blocked, done, cancelled",
    ]);
  });
});

describe("handoff.v1", () => {
  it("requires a summary and at least one next step", () => {
    expect(errorsOf("handoff.v1", { summary: "s", nextSteps: [] })).toEqual([
      "/nextSteps must have at least 1 item",
    ]);
    expect(errorsOf("handoff.v1", without(exampleOf("handoff.v1"), "summary"))).toEqual([
      'missing required property "summary"',
    ]);
  });
});

describe("analysis.v1", () => {
  it("requires question and summary; observations need a statement", () => {
    expect(
      errorsOf("analysis.v1", { question: "q", summary: "s", observations: [{ source: "a.ts" }] }),
    ).toEqual(['missing required property "statement" at /observations/0']);
    expect(errorsOf("analysis.v1", { summary: "s", confidence: "certain" })).toEqual([
      'missing required property "question"',
      "/confidence must be one of: high, medium, low",
    ]);
  });
});
