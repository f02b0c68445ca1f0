// The MCP Registry entries: every app's server.json is valid against the registry's schema (from the
// shared folder, validated with the project's ajv as the registry README there says), names the
// package's mcpName, carries its version (scripts/release/server-json.mjs keeps them in step), and
// describes only arguments the program's own --help lists.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { serverEntries, syncServerJson } from "../../scripts/release/server-json.mjs";
import { sharedGate } from "../shared-folder.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const schemaGate = sharedGate("data/schemas/mcp-registry/server.schema.json");

interface Argument { type: "named" | "positional"; name?: string; value?: string }
interface Entry { name: string; version: string; packages: Array<{ identifier: string; version: string; packageArguments?: Argument[] }> }

/** The help text each program prints for the command its server.json runs. */
const helpCommand: Record<string, string[]> = {
  "apps/foundry-server": ["dist/server.mjs", "--help"],
  "apps/foya-host": ["dist/foya.mjs", "serve", "--help"],
  "apps/amicited-gateway": ["dist/gateway.mjs", "--help"],
};

describe.skipIf(!schemaGate.run)("server.json against the MCP Registry schema", () => {
  const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
  const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaGate.file!, "utf8")) as object);
  const examples = path.join(path.dirname(schemaGate.file!), "examples");

  it("accepts the registry's valid examples and rejects its invalid ones (the validator is set up as the registry's)", () => {
    for (const name of fs.readdirSync(path.join(examples, "valid"))) expect(validate(JSON.parse(fs.readFileSync(path.join(examples, "valid", name), "utf8"))), name).toBe(true);
    for (const name of fs.readdirSync(path.join(examples, "invalid"))) expect(validate(JSON.parse(fs.readFileSync(path.join(examples, "invalid", name), "utf8"))), name).toBe(false);
  });

  it("validates every app's server.json", () => {
    const entries = serverEntries(root);
    expect(entries.map((entry) => entry.folder)).toEqual(["apps/amicited-gateway", "apps/foundry-server", "apps/foya-host"]);
    for (const { folder, entry } of entries) expect(validate(entry) ? [] : validate.errors, folder).toEqual([]);
  });
});

describe("server.json beside package.json", () => {
  it("names the package's mcpName and carries its version", () => {
    for (const { folder, manifest, entry } of serverEntries(root) as Array<{ folder: string; manifest: { name: string; version: string; mcpName: string }; entry: Entry }>) {
      expect(manifest.mcpName, folder).toBe(`io.github.foundry-mcp/${path.basename(folder)}`);
      expect(entry.name, folder).toBe(manifest.mcpName);
      expect([entry.version, ...entry.packages.map((pkg) => `${pkg.identifier}@${pkg.version}`)]).toEqual([manifest.version, `${manifest.name}@${manifest.version}`]);
    }
    expect(syncServerJson(root, { write: false })).toEqual({ changed: [], problems: [] });
  });

  it("the release script brings a stale server.json to a new package version, and refuses a name that is not mcpName", () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "server-json-"));
    try {
      fs.cpSync(path.join(root, "apps/foundry-server/server.json"), path.join(copy, "apps/app/server.json"), { recursive: true });
      const manifest = JSON.parse(fs.readFileSync(path.join(root, "apps/foundry-server/package.json"), "utf8")) as Record<string, unknown>;
      fs.writeFileSync(path.join(copy, "apps/app/package.json"), JSON.stringify({ ...manifest, version: "0.2.0" }));
      const script = path.join(root, "scripts/release/server-json.mjs");
      expect(syncServerJson(copy, { write: false }).changed).toEqual(["apps/app/server.json"]);
      expect(syncServerJson(copy, { write: true })).toEqual({ changed: ["apps/app/server.json"], problems: [] });
      const entry = JSON.parse(fs.readFileSync(path.join(copy, "apps/app/server.json"), "utf8")) as Entry;
      expect([entry.version, entry.packages[0]!.version]).toEqual(["0.2.0", "0.2.0"]);
      fs.writeFileSync(path.join(copy, "apps/app/package.json"), JSON.stringify({ ...manifest, mcpName: "io.github.someone/else" }));
      expect(syncServerJson(copy, { write: false }).problems).toEqual(['apps/app/server.json: name "io.github.foundry-mcp/foundry-server" is not package.json\'s mcpName "io.github.someone/else"']);
      expect(spawnSync(process.execPath, [script, "--check"], { cwd: root, encoding: "utf8" }).status).toBe(0);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  it("describes only arguments the program's --help lists", () => {
    for (const { folder, entry } of serverEntries(root) as Array<{ folder: string; entry: Entry }>) {
      const help = spawnSync(process.execPath, helpCommand[folder]!, { cwd: path.join(root, folder), encoding: "utf8" });
      expect(help.status, `${folder}: ${help.stderr}`).toBe(0);
      const words = entry.packages.flatMap((pkg) => pkg.packageArguments ?? []).map((argument) => (argument.type === "named" ? argument.name! : argument.value!));
      expect(words.length, folder).toBeGreaterThan(0);
      for (const word of words) expect(help.stdout, `${folder} --help should list ${word}`).toContain(word);
    }
  });
});
