import { describe, expect, it } from "vitest";
import { ToolCatalog, annotationsFor } from "../src/index";
import { FIXTURE_TOOLS, fixtureCatalog } from "./__fixtures__/dashboard-catalog";
import { refusal } from "./__fixtures__/refusal";

const noop = { type: "object" } as const;

describe("registration", () => {
  it("lists toolsets in definition order and tools by name within each", () => {
    const catalog = fixtureCatalog();
    expect(catalog.toolsets().map((toolset) => toolset.name)).toEqual(["workspace", "uptime", "eshop", "seo"]);
    const names = catalog.list().map((tool) => tool.name);
    expect(names.slice(0, 2)).toEqual(["account_get_credits", "list_domains"]);
    expect(names.slice(2, 7)).toEqual(["uptime_create_monitor", "uptime_delete_monitor", "uptime_get_certificate_expiry", "uptime_list_incidents", "uptime_list_monitors"]);
    expect(catalog.size).toBe(FIXTURE_TOOLS.length);
  });

  it("gives the same order whatever order tools were registered in", () => {
    const reversed = new ToolCatalog();
    for (const toolset of fixtureCatalog().toolsets()) reversed.defineToolset(toolset);
    reversed.registerAll([...FIXTURE_TOOLS].reverse());
    expect(reversed.list().map((tool) => tool.name)).toEqual(fixtureCatalog().list().map((tool) => tool.name));
  });

  it("refuses a duplicate name", () => {
    const catalog = fixtureCatalog();
    const error = refusal(() => catalog.register(FIXTURE_TOOLS[2]!));
    expect(error.code).toBe("DUPLICATE_TOOL");
    expect(error.message).toContain("uptime_list_monitors");
  });

  it("refuses a name outside its toolset's prefix, naming the prefix", () => {
    const catalog = fixtureCatalog();
    const error = refusal(() => catalog.register({ name: "monitors_list", toolset: "uptime", kind: "read", description: "x", inputSchema: noop, handler: () => null }));
    expect(error.code).toBe("INVALID_TOOL");
    expect(error.message).toBe("tool monitors_list must start with toolset uptime's prefix uptime_.");
  });

  it("accepts a toolset's extra prefixes (list_domains in workspace)", () => {
    expect(fixtureCatalog().get("list_domains")?.toolset).toBe("workspace");
  });

  it("refuses an undefined toolset, a bad kind and a bad name", () => {
    const catalog = fixtureCatalog();
    expect(refusal(() => catalog.register({ name: "ads_x", toolset: "ads", kind: "read", description: "x", inputSchema: noop, handler: () => null })).code).toBe("UNKNOWN_TOOLSET");
    expect(refusal(() => catalog.register({ name: "seo_x", toolset: "seo", kind: "free" as never, description: "x", inputSchema: noop, handler: () => null })).message).toContain("kind must be one of read, write, paid, destructive");
    expect(refusal(() => catalog.register({ name: "seo x", toolset: "seo", kind: "read", description: "x", inputSchema: noop, handler: () => null })).code).toBe("INVALID_TOOL");
    expect(refusal(() => catalog.defineToolset({ name: "seo", prefix: "seo_", title: "", description: "" })).code).toBe("DUPLICATE_TOOLSET");
  });
});

describe("describe", () => {
  it("returns the real schema, kind, toolset and annotations", () => {
    const description = fixtureCatalog().describe("eshop_refund_order");
    expect(description).toEqual({
      name: "eshop_refund_order",
      description: "Refund an order to the customer's card; costs one credit.",
      toolset: "eshop",
      kind: "paid",
      inputSchema: FIXTURE_TOOLS.find((tool) => tool.name === "eshop_refund_order")!.inputSchema,
      annotations: annotationsFor("paid"),
    });
  });

  it("answers an unknown name with the closest names", () => {
    const error = refusal(() => fixtureCatalog().describe("eshop_list_order"));
    expect(error.code).toBe("UNKNOWN_TOOL");
    expect(error.message.startsWith("Unknown tool eshop_list_order. Closest: eshop_list_orders,")).toBe(true);
    expect((error.details.closest as string[])[0]).toBe("eshop_list_orders");
  });

  it("refuses a name longer than 128 characters without searching for the closest, and never echoes it whole (issue 36, R2)", () => {
    const huge = `eshop_${"x".repeat(199_994)}`;
    const error = refusal(() => fixtureCatalog().describe(huge));
    expect(error.code).toBe("UNKNOWN_TOOL");
    expect(error.message).toBe(`Unknown tool eshop_${"x".repeat(26)}… (200000 characters): a tool name has at most 128. Use search_tools to find tools.`);
    expect(error.details).toEqual({ name: huge.slice(0, 128), length: 200_000, closest: [] });
    // 128 characters is still a name: it gets the closest names.
    expect((refusal(() => fixtureCatalog().describe(`eshop_list_order${"s".repeat(112)}`)).details.closest as string[]).length).toBe(3);
  });

  it("finds a name whose prefix was forgotten", () => {
    const error = refusal(() => fixtureCatalog().describe("list_monitors"));
    expect((error.details.closest as string[])[0]).toBe("uptime_list_monitors");
  });
});

describe("annotationsFor", () => {
  it("maps each kind to the SPEC's MCP hints", () => {
    expect(annotationsFor("read")).toEqual({ readOnlyHint: true, idempotentHint: true });
    expect(annotationsFor("write")).toEqual({ readOnlyHint: false, destructiveHint: false });
    expect(annotationsFor("paid")).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(annotationsFor("destructive")).toEqual({ readOnlyHint: false, destructiveHint: true });
  });
});

describe("advertised (toolset pinning)", () => {
  const catalog = fixtureCatalog();
  const toolsetsOf = (names: string[]) => [...new Set(catalog.list().filter((tool) => names.includes(tool.name)).map((tool) => tool.toolset))];

  it("advertises the requested toolsets, ignoring unknown names and spaces", () => {
    const names = catalog.advertised("eshop, uptime,nope").map((tool) => tool.name);
    expect(toolsetsOf(names)).toEqual(["uptime", "eshop"]);
    expect(names).toHaveLength(9);
  });

  it("advertises everything for all, and nothing for none", () => {
    expect(catalog.advertised("all")).toHaveLength(catalog.size);
    expect(catalog.advertised(["seo", "all"])).toHaveLength(catalog.size);
    expect(catalog.advertised(undefined)).toEqual([]);
    expect(catalog.advertised("")).toEqual([]);
    expect(catalog.advertised("bogus")).toEqual([]);
  });
});
