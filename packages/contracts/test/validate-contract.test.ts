import { mkdir, realpath, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ContractError, ContractRegistry, resolveInsideRoot, validateContract } from "../src/index";
import { tempDir } from "./helpers";

const registry = ContractRegistry.builtIn();
const finding = { title: "t", severity: "high" };

async function rejection(promise: Promise<unknown>): Promise<ContractError> {
  try {
    await promise;
  } catch (error) {
    if (ContractError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a ContractError");
}

async function project(): Promise<string> {
  const root = await tempDir();
  await mkdir(path.join(root, "artifacts"), { recursive: true });
  await writeFile(path.join(root, "artifacts", "finding.json"), JSON.stringify(finding));
  await writeFile(
    path.join(root, "artifacts", "ok.json"),
    JSON.stringify({ ...finding, failureScenario: "x" }),
  );
  return root;
}

describe("validateContract with data", () => {
  it("prints the exact SPEC texts", async () => {
    const root = await tempDir();
    expect(
      await validateContract({
        root,
        registry,
        schema: "finding.v1",
        data: { ...finding, failureScenario: "x" },
      }),
    ).toEqual({
      valid: true,
      text: "VALID against finding.v1",
      errors: [],
    });
    expect(await validateContract({ root, registry, schema: "finding.v1", data: finding })).toEqual(
      {
        valid: false,
        text: 'INVALID against finding.v1:\n- missing required property "failureScenario"',
        errors: ['missing required property "failureScenario"'],
      },
    );
  });

  it("refuses neither and both of data and path", async () => {
    const root = await tempDir();
    const neither = await rejection(validateContract({ root, registry, schema: "finding.v1" }));
    expect(neither.code).toBe("MISSING_INPUT");
    expect(neither.message).toBe("Provide either `data` or `path`.");
    const both = await rejection(
      validateContract({ root, registry, schema: "finding.v1", data: {}, path: "a.json" }),
    );
    expect(both.code).toBe("CONFLICTING_INPUT");
    expect(both.message).toBe(
      "Provide either `data` or `path`, not both: `data` is the artifact itself, `path` a JSON file holding it.",
    );
  });

  it("refuses an unknown contract with the known ids", async () => {
    const error = await rejection(
      validateContract({ root: await tempDir(), registry, schema: "nope.v1", data: {} }),
    );
    expect(error.code).toBe("UNKNOWN_CONTRACT");
    expect(error.message).toBe(
      'Unknown contract "nope.v1". Known contracts: analysis.v1, finding.v1, handoff.v1, plan.v1, review.v1, task.v1.',
    );
  });
});

describe("validateContract with path", () => {
  it("reads relative paths and absolute paths inside the root", async () => {
    const root = await project();
    const relative = await validateContract({
      root,
      registry,
      schema: "finding.v1",
      path: "artifacts/finding.json",
    });
    expect(relative.text).toBe(
      'INVALID against finding.v1:\n- missing required property "failureScenario"',
    );
    const absolute = await validateContract({
      root,
      registry,
      schema: "finding.v1",
      path: path.join(root, "artifacts", "ok.json"),
    });
    expect(absolute.text).toBe("VALID against finding.v1");
    const dotted = await validateContract({
      root,
      registry,
      schema: "finding.v1",
      path: "./artifacts/../artifacts/ok.json",
    });
    expect(dotted.valid).toBe(true);
  });

  it.each([
    ["../outside.json"],
    [".."],
    ["artifacts/../../outside.json"],
    ["/etc/passwd"],
    ["../../../../../../etc/passwd"],
  ])("refuses %s: it leaves the root", async (input) => {
    const root = await project();
    const error = await rejection(
      validateContract({ root, registry, schema: "finding.v1", path: input }),
    );
    expect(error.code).toBe("INVALID_PATH");
    expect(error.message).toBe(
      `path ${JSON.stringify(input)} leaves the project root; give a file path inside it, relative to the root.`,
    );
  });

  it("refuses a sibling folder whose name starts like the root", async () => {
    const root = await project();
    await mkdir(`${root}-evil`, { recursive: true });
    await writeFile(`${root}-evil/x.json`, "{}");
    const error = await rejection(
      validateContract({ root, registry, schema: "finding.v1", path: `${root}-evil/x.json` }),
    );
    expect(error.code).toBe("INVALID_PATH");
    await rm(`${root}-evil`, { recursive: true, force: true });
  });

  it("refuses a symbolic link leading outside the root, file or folder", async () => {
    const root = await project();
    const outside = await tempDir("outside-");
    await writeFile(path.join(outside, "secret.json"), JSON.stringify(finding));
    await symlink(path.join(outside, "secret.json"), path.join(root, "link.json"));
    await symlink(outside, path.join(root, "linked-dir"));
    for (const input of ["link.json", "linked-dir/secret.json"]) {
      const error = await rejection(
        validateContract({ root, registry, schema: "finding.v1", path: input }),
      );
      expect(error.code).toBe("INVALID_PATH");
      expect(error.message).toBe(
        `path "${input}" leads outside the project root through a symbolic link; refused.`,
      );
    }
  });

  it("follows a symbolic link that stays inside the root", async () => {
    const root = await project();
    await symlink(path.join(root, "artifacts", "ok.json"), path.join(root, "alias.json"));
    expect(
      (await validateContract({ root, registry, schema: "finding.v1", path: "alias.json" })).valid,
    ).toBe(true);
  });

  it("never decodes encoded separators: %2F is three literal characters", async () => {
    const root = await project();
    const error = await rejection(
      validateContract({ root, registry, schema: "finding.v1", path: "..%2F..%2Fetc%2Fpasswd" }),
    );
    expect(error.code).toBe("FILE_UNREADABLE");
    expect(error.message).toBe(
      'path "..%2F..%2Fetc%2Fpasswd" does not exist in the project root; check the path (it is relative to the root).',
    );
    await writeFile(
      path.join(root, "a%2Fb.json"),
      JSON.stringify({ ...finding, failureScenario: "x" }),
    );
    expect(
      (await validateContract({ root, registry, schema: "finding.v1", path: "a%2Fb.json" })).valid,
    ).toBe(true);
  });

  it("refuses empty paths, NUL bytes, the root itself, folders and non-JSON", async () => {
    const root = await project();
    await writeFile(path.join(root, "broken.json"), "{ nope");
    const cases: Array<[string, string, RegExp | string]> = [
      ["", "INVALID_PATH", "path is empty; give a JSON file path relative to the project root."],
      [
        "a\u0000.json",
        "INVALID_PATH",
        'path "a\\u0000.json" contains a NUL byte; give a plain file path.',
      ],
      [
        ".",
        "INVALID_PATH",
        'path "." names the project root itself; give the path of a JSON file inside it.',
      ],
      [
        "artifacts",
        "FILE_UNREADABLE",
        'path "artifacts" is not a file; give the path of a JSON file.',
      ],
      [
        "broken.json",
        "INVALID_JSON",
        /^path "broken\.json" is not valid JSON \(.+\); fix the file or pass the artifact as `data`\.$/,
      ],
    ];
    for (const [input, code, message] of cases) {
      const error = await rejection(
        validateContract({ root, registry, schema: "finding.v1", path: input }),
      );
      expect(error.code).toBe(code);
      if (typeof message === "string") expect(error.message).toBe(message);
      else expect(error.message).toMatch(message);
    }
  });

  it("handles very long and unicode names without leaving the root", async () => {
    const root = await project();
    await writeFile(
      path.join(root, "résumé-😀.json"),
      JSON.stringify({ ...finding, failureScenario: "x" }),
    );
    expect(
      (await validateContract({ root, registry, schema: "finding.v1", path: "résumé-😀.json" }))
        .valid,
    ).toBe(true);
    const long = `${"a".repeat(300)}.json`;
    const error = await rejection(
      validateContract({ root, registry, schema: "finding.v1", path: long }),
    );
    expect(error.code).toBe("FILE_UNREADABLE");
  });
});

describe("resolveInsideRoot", () => {
  it("returns the real absolute path of a file inside the root", async () => {
    const root = await project();
    expect(await resolveInsideRoot(root, "artifacts/ok.json")).toBe(
      await realpath(path.join(root, "artifacts", "ok.json")),
    );
  });
});
