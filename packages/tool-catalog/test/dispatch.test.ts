import { describe, expect, it } from "vitest";
import { CatalogError, ToolCatalog, type CallContext, type ToolDefinition } from "../src/index";
import { ORDERS, READER, WRITER, fixtureCatalog } from "./__fixtures__/dashboard-catalog";

async function refusal(promise: Promise<unknown>): Promise<CatalogError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!CatalogError.isInstance(error)) throw new Error(`expected a CatalogError, got ${String(error)}`);
  return error;
}

describe("kind gates", () => {
  const catalog = fixtureCatalog();

  it("read runs read tools and wraps their JSON", async () => {
    const output = await catalog.read("account_get_credits", {}, READER);
    expect(output).toEqual({ content: [{ type: "text", text: '{"credits":120}' }], structuredContent: { credits: 120 } });
  });

  it.each(["uptime_create_monitor", "eshop_refund_order", "uptime_delete_monitor"])("read refuses %s, even with a write token", async (name) => {
    const error = await refusal(catalog.read(name, {}, WRITER));
    expect(error.code).toBe("KIND_NOT_ALLOWED");
    expect(error.message).toMatch(new RegExp(`^${name} is a (write|paid|destructive) tool; read_tool runs only read tools\\. Call run_tool instead\\.$`));
  });

  it("run runs every kind with a write token", async () => {
    expect((await catalog.run("uptime_create_monitor", { domain_id: "d1", url: "https://example.com/" }, WRITER)).structuredContent).toEqual({ created: "https://example.com/" });
    expect((await catalog.run("eshop_refund_order", { order_id: 3 }, WRITER)).structuredContent).toEqual({ refunded: 3 });
    expect((await catalog.run("uptime_delete_monitor", { monitor_id: "m1" }, WRITER)).structuredContent).toEqual({ deleted: true });
    expect((await catalog.run("account_get_credits", {}, READER)).structuredContent).toEqual({ credits: 120 });
  });
});

describe("scope", () => {
  const catalog = fixtureCatalog();

  it.each(["uptime_create_monitor", "eshop_refund_order", "uptime_delete_monitor"])("a read-only token never reaches %s through run", async (name) => {
    const error = await refusal(catalog.run(name, {}, READER));
    expect(error.code).toBe("SCOPE_DENIED");
    expect(error.message).toContain('this credential has scope "read"; it needs a token with write scope.');
  });

  it("a read-only token is refused through read as well (kind first)", async () => {
    expect((await refusal(catalog.read("uptime_delete_monitor", { monitor_id: "m1" }, READER))).code).toBe("KIND_NOT_ALLOWED");
  });

  it("refuses before the handler or any hook runs", async () => {
    const seen: string[] = [];
    const guarded = new ToolCatalog({ hooks: { beforeCall: (tool) => void seen.push(`hook:${tool.name}`) } });
    guarded.defineToolset({ name: "uptime", prefix: "uptime_", title: "Uptime", description: "" });
    guarded.register({ name: "uptime_pause", toolset: "uptime", kind: "write", description: "Pause.", inputSchema: { type: "object" }, handler: () => void seen.push("handler") });
    await refusal(guarded.run("uptime_pause", {}, READER));
    expect(seen).toEqual([]);
  });
});

describe("argument validation", () => {
  const catalog = fixtureCatalog();

  it("names the missing field and points at describe_tool", async () => {
    const error = await refusal(catalog.run("uptime_create_monitor", { url: "https://example.com/" }, WRITER));
    expect(error.code).toBe("INVALID_ARGUMENTS");
    expect(error.message).toBe("Invalid arguments for uptime_create_monitor: `domain_id` is required: Domain id from list_domains. Call describe_tool for its input schema.");
  });

  it("names unknown fields with the valid ones, wrong types, bounds, enums and formats, each with the value got", async () => {
    const unknown = await refusal(catalog.run("uptime_create_monitor", { domain_id: "d1", url: "https://x.io/", workspace: "w2" }, WRITER));
    expect(unknown.details.problems).toEqual(["unknown field `workspace`: the known fields are `domain_id`, `url`."]);
    expect((await refusal(catalog.run("eshop_refund_order", { order_id: "7" }, WRITER))).details.problems).toEqual(['`order_id` must be an integer; got the string "7".']);
    expect((await refusal(catalog.read("eshop_list_orders", { limit: 501 }, READER))).details.problems).toEqual(["`limit` must be from 1 to 500; got 501."]);
    expect((await refusal(catalog.read("seo_get_citation_gap_invisible_winners", { engine: "bing" }, READER))).details.problems).toEqual(['`engine` must be one of chatgpt, perplexity, gemini; got "bing".']);
    expect((await refusal(catalog.run("uptime_create_monitor", { domain_id: "d1", url: "not a url" }, WRITER))).details.problems).toEqual(['`url` must be a valid uri; got "not a url".']);
    expect((await refusal(catalog.read("account_get_credits", [1], READER))).details.problems).toEqual(["arguments must be a JSON object; got an array."]);
  });

  // Regression: an upstream tool whose inputSchema declares MCP's default dialect failed with a
  // plain Error "no schema with key or ref \"https://json-schema.org/draft/2020-12/schema\"".
  it("runs tools whose inputSchema declares draft 2020-12 or draft-07, and refuses their bad arguments the same way", async () => {
    const dialects = new ToolCatalog();
    dialects.defineToolset({ name: "upstream", prefix: "upstream_", title: "Upstream", description: "" });
    const schemaOf = (uri: string) => ({ $schema: uri, type: "object", properties: { n: { type: "integer", maximum: 3 } }, required: ["n"] });
    dialects.register({ name: "upstream_new", toolset: "upstream", kind: "read", description: "2020-12.", inputSchema: schemaOf("https://json-schema.org/draft/2020-12/schema"), handler: (args) => ({ n: args.n }) });
    dialects.register({ name: "upstream_old", toolset: "upstream", kind: "read", description: "draft-07.", inputSchema: schemaOf("http://json-schema.org/draft-07/schema#"), handler: (args) => ({ n: args.n }) });
    for (const name of ["upstream_new", "upstream_old"]) {
      expect((await dialects.read(name, { n: 2 }, READER)).structuredContent).toEqual({ n: 2 });
      const error = await refusal(dialects.read(name, { n: 4 }, READER));
      expect(error.code).toBe("INVALID_ARGUMENTS");
      expect(error.message).toBe(`Invalid arguments for ${name}: \`n\` must be at most 3; got 4. Call describe_tool for its input schema.`);
    }
  });

  it("refuses a tool whose schema names an unsupported dialect with INVALID_TOOL, not a plain Error", async () => {
    const odd = new ToolCatalog();
    odd.defineToolset({ name: "upstream", prefix: "upstream_", title: "Upstream", description: "" });
    odd.register({ name: "upstream_draft4", toolset: "upstream", kind: "read", description: "draft-04.", inputSchema: { $schema: "http://json-schema.org/draft-04/schema#", type: "object" }, handler: () => ({}) });
    const error = await refusal(odd.read("upstream_draft4", {}, READER));
    expect(error.code).toBe("INVALID_TOOL");
    expect(error.message).toMatch(/^upstream_draft4 has an inputSchema that cannot be used: \$schema "http:\/\/json-schema\.org\/draft-04\/schema#" is not a supported dialect/);
  });

  // Regression: MCP's default dialect, with a keyword only 2020-12 has (prefixItems). A schema
  // declaring 2020-12 made ajv's draft-07 build throw
  // "no schema with key or ref", a plain Error that reached the client as `run_tool failed: …`.
  it("runs and checks a tool whose schema declares JSON Schema 2020-12", async () => {
    const modern = new ToolCatalog();
    modern.defineToolset({ name: "seo", prefix: "seo_", title: "SEO", description: "" });
    const inputSchema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { pair: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false } },
      required: ["pair"],
    };
    modern.register({ name: "seo_pair", toolset: "seo", kind: "read", description: "Pair.", inputSchema, handler: (args) => args.pair });
    expect((await modern.read("seo_pair", { pair: ["a", 1] }, READER)).structuredContent).toBeUndefined();
    expect((await modern.read("seo_pair", { pair: ["a", 1] }, READER)).content).toEqual([{ type: "text", text: '["a",1]' }]);
    const refused = await refusal(modern.read("seo_pair", { pair: ["a", "b"] }, READER));
    expect(refused.code).toBe("INVALID_ARGUMENTS");
    expect(refused.details.problems).toEqual(['`pair[1]` must be an integer; got the string "b".']);
  });

  it("hands the handler a validated copy, never the caller's object", async () => {
    const received: Record<string, unknown>[] = [];
    const copying = new ToolCatalog();
    copying.defineToolset({ name: "seo", prefix: "seo_", title: "SEO", description: "" });
    copying.register({ name: "seo_echo", toolset: "seo", kind: "read", description: "Echo.", inputSchema: { type: "object", properties: { engine: { type: "string", default: "chatgpt" } } }, handler: (args) => void received.push(args) });
    const args = {};
    await copying.read("seo_echo", args, READER);
    expect(received[0]).toEqual({ engine: "chatgpt" });
    expect(args).toEqual({});
  });
});

describe("rows through a list tool", () => {
  it("pages of 25 by default with a paging block, and fields projection", async () => {
    const catalog = fixtureCatalog();
    const page = (await catalog.read("eshop_list_orders", {}, READER)).structuredContent as { rows: unknown[]; paging: unknown };
    expect(page.rows).toHaveLength(25);
    expect(page.paging).toEqual({ offset: 0, limit: 25, total: ORDERS.length, has_more: true, next_offset: 25 });
    const projected = (await catalog.read("eshop_list_orders", { offset: 50, fields: ["id"] }, READER)).structuredContent as { rows: unknown[] };
    expect(projected.rows).toEqual(Array.from({ length: 10 }, (_, index) => ({ id: 51 + index })));
    const error = await refusal(catalog.read("eshop_list_orders", { fields: ["id", "email"] }, READER));
    expect(error.code).toBe("UNKNOWN_FIELD");
    expect(error.message).toBe("fields: unknown column email; valid columns: id, customer, total.");
  });
});

describe("hooks and outputs", () => {
  interface PlanContext extends CallContext {
    credits: number;
  }

  function paidCatalog(output: ToolDefinition<PlanContext>["handler"] = () => ({ ok: true })) {
    const catalog = new ToolCatalog<PlanContext>({
      hooks: {
        beforeCall(tool, _args, context) {
          if (tool.kind === "paid" && context.credits < 1) throw new CatalogError("QUOTA_EXCEEDED", "No credits left: buy credits or wait for the monthly refill.");
        },
        afterCall(tool, _args, context) {
          if (tool.kind === "paid") context.credits -= 1;
        },
      },
    });
    catalog.defineToolset({ name: "seo", prefix: "seo_", title: "SEO", description: "" });
    catalog.register({ name: "seo_audit", toolset: "seo", kind: "paid", description: "Audit.", inputSchema: { type: "object" }, outputSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] }, handler: output });
    return catalog;
  }

  it("lets the host charge credits and refuse when they run out", async () => {
    const catalog = paidCatalog();
    const context: PlanContext = { workspace: "w", scope: "write", credits: 1 };
    await catalog.run("seo_audit", {}, context);
    expect(context.credits).toBe(0);
    expect((await refusal(catalog.run("seo_audit", {}, context))).message).toBe("No credits left: buy credits or wait for the monthly refill.");
  });

  it("runs the handler inside aroundCall, which sees its value and its failure", async () => {
    const events: string[] = [];
    const catalog = new ToolCatalog({
      hooks: {
        async aroundCall(tool, _args, _context, run) {
          events.push(`open:${tool.name}`);
          try {
            const value = await run();
            events.push("commit");
            return { ...(value as object), wrapped: true };
          } catch (error) {
            events.push("rollback");
            throw error;
          }
        },
      },
    });
    catalog.defineToolset({ name: "seo", prefix: "seo_", title: "SEO", description: "" });
    catalog.register({ name: "seo_ok", toolset: "seo", kind: "paid", description: "Ok.", inputSchema: { type: "object" }, handler: () => ({ ok: true }) });
    catalog.register({ name: "seo_fail", toolset: "seo", kind: "paid", description: "Fail.", inputSchema: { type: "object" }, handler: () => Promise.reject(new Error("boom")) });
    const output = await catalog.run("seo_ok", {}, { workspace: "w", scope: "write" });
    expect(output.structuredContent).toEqual({ ok: true, wrapped: true });
    expect((await refusal(catalog.run("seo_fail", {}, { workspace: "w", scope: "write" }))).message).toBe("seo_fail failed: boom");
    expect(events).toEqual(["open:seo_ok", "commit", "open:seo_fail", "rollback"]);
  });

  it("wraps handler failures and checks outputs against outputSchema", async () => {
    const failing = paidCatalog(() => {
      throw new Error("upstream timed out");
    });
    const failure = await refusal(failing.run("seo_audit", {}, { workspace: "w", scope: "write", credits: 5 }));
    expect(failure.code).toBe("TOOL_FAILED");
    expect(failure.message).toBe("seo_audit failed: upstream timed out");
    expect((failure.cause as Error).message).toBe("upstream timed out");
    // The cause of a handler's error is named too (core's messageOf), so "fetch failed" says why.
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" });
    const unreachable = paidCatalog(() => {
      throw new Error("fetch failed", { cause: refused });
    });
    expect((await refusal(unreachable.run("seo_audit", {}, { workspace: "w", scope: "write", credits: 5 }))).message).toBe(
      "seo_audit failed: fetch failed (connect ECONNREFUSED 127.0.0.1:9)",
    );
    const wrong = paidCatalog(() => ({ ok: "yes" }));
    expect((await refusal(wrong.run("seo_audit", {}, { workspace: "w", scope: "write", credits: 5 }))).code).toBe("INVALID_OUTPUT");
  });

  it("passes ready MCP results through and makes text of strings", async () => {
    const ready = { content: [{ type: "text", text: "done" }], isError: true };
    expect(await paidCatalog(() => ready).run("seo_audit", {}, { workspace: "w", scope: "write", credits: 5 })).toEqual(ready);
    expect(await paidCatalog(() => "plain").run("seo_audit", {}, { workspace: "w", scope: "write", credits: 5 })).toEqual({ content: [{ type: "text", text: "plain" }] });
  });

  it("answers an unknown tool with the closest names", async () => {
    const error = await refusal(fixtureCatalog().run("uptime_list_monitor", {}, READER));
    expect(error.code).toBe("UNKNOWN_TOOL");
    expect(error.details.closest).toContain("uptime_list_monitors");
  });
});

describe("entry point names and cancellation", () => {
  it("names the host's entry points in refusals", async () => {
    const catalog = fixtureCatalog({ entryPoints: { read: "read", run: "run", describe: "describe" } });
    expect((await refusal(catalog.read("uptime_delete_monitor", {}, WRITER))).message).toBe("uptime_delete_monitor is a destructive tool; read runs only read tools. Call run instead.");
    expect((await refusal(catalog.run("eshop_refund_order", {}, WRITER))).message).toContain("Call describe for its input schema.");
  });

  it("does not start a handler for an aborted call", async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await fixtureCatalog().read("account_get_credits", {}, { ...READER, signal: controller.signal }).catch((caught: unknown) => caught);
    expect((error as Error).name).toBe("AbortError");
  });
});

// Issue 37 / decision 0015: a host runs the handler of an admitted call itself, so the library
// never calls back into it for a call no hook wraps.
describe("admit and complete", () => {
  function counting(hooks: ConstructorParameters<typeof ToolCatalog>[0] = {}) {
    const ran: string[] = [];
    const catalog = new ToolCatalog({ hourlyCap: 2, ...hooks });
    catalog.defineToolset({ name: "notes", prefix: "notes_", title: "Notes", description: "Saved notes." });
    catalog.register({ name: "notes_list", toolset: "notes", kind: "read", description: "List.", inputSchema: { type: "object", properties: { limit: { type: "integer", default: 5 } } }, handler: (args) => (ran.push(`list ${String(args.limit)}`), { notes: [] }) });
    catalog.register({ name: "notes_buy", toolset: "notes", kind: "paid", description: "Buy.", inputSchema: { type: "object" }, handler: () => (ran.push("buy"), { bought: true }) });
    return { catalog, ran };
  }

  it("admits through every gate and counts the quota without running the handler; complete gives run()'s output", async () => {
    const { catalog, ran } = counting();
    const call = await catalog.admit("read", "notes_list", {}, READER);
    expect(ran).toEqual([]);
    expect({ tool: call.tool.name, args: call.args, around: call.around }).toEqual({ tool: "notes_list", args: { limit: 5 }, around: undefined });
    expect(await catalog.complete(call, Promise.resolve(call.tool.handler(call.args, call.context)))).toEqual(await catalog.run("notes_list", {}, READER));
    expect(ran).toEqual(["list 5", "list 5"]);
    // Two calls counted (admit, run): the cap of 2 refuses a third before anything runs.
    expect((await refusal(catalog.admit("run", "notes_list", {}, READER))).code).toBe("QUOTA_EXCEEDED");
    expect((await refusal(catalog.admit("read", "notes_buy", {}, WRITER))).code).toBe("KIND_NOT_ALLOWED");
    expect((await refusal(catalog.complete(call, Promise.reject(new Error("disk gone"))))).message).toBe("notes_list failed: disk gone");
    expect(ran).toEqual(["list 5", "list 5"]);
  });

  it("hands over aroundCall as `around` only for the calls wrapsCall says it wraps", async () => {
    const wrapped: string[] = [];
    const { catalog, ran } = counting({
      hooks: { aroundCall: async (tool, _args, _context, run) => (wrapped.push(tool.name), { ...(await run()) as object, charged: 1 }), wrapsCall: (tool) => tool.kind === "paid" },
    });
    expect((await catalog.admit("run", "notes_list", {}, WRITER)).around).toBeUndefined();
    const paid = await catalog.admit("run", "notes_buy", {}, WRITER);
    expect(await catalog.complete(paid, paid.around!(async () => paid.tool.handler(paid.args, paid.context)))).toEqual({
      content: [{ type: "text", text: '{"bought":true,"charged":1}' }],
      structuredContent: { bought: true, charged: 1 },
    });
    expect({ wrapped, ran }).toEqual({ wrapped: ["notes_buy"], ran: ["buy"] });
  });
});
