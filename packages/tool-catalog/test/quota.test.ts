import { describe, expect, it } from "vitest";
import { CatalogError, MemoryQuotaDriver, type CallContext } from "../src/index";
import { READER, WRITER, fixtureCatalog } from "./__fixtures__/dashboard-catalog";

describe("hourly quota through the catalog", () => {
  it("counts each read or run once; search, describe and list are free", async () => {
    const quota = new MemoryQuotaDriver();
    const catalog = fixtureCatalog({ quota, hourlyCap: 3 });
    await catalog.search({ query: "orders" });
    catalog.describe("eshop_list_orders");
    catalog.list();
    catalog.advertised("all");
    expect((await catalog.quotaUsage("w1"))?.used).toBe(0);
    await catalog.read("eshop_list_orders", {}, READER);
    await catalog.run("eshop_refund_order", { order_id: 1 }, WRITER);
    expect((await catalog.quotaUsage("w1"))?.used).toBe(2);
  });

  it("does not count refused calls (kind, scope, arguments)", async () => {
    const catalog = fixtureCatalog({ hourlyCap: 5 });
    await catalog.read("uptime_delete_monitor", {}, WRITER).catch(() => undefined);
    await catalog.run("uptime_delete_monitor", { monitor_id: "m" }, READER).catch(() => undefined);
    await catalog.run("eshop_refund_order", {}, WRITER).catch(() => undefined);
    expect((await catalog.quotaUsage("w1"))?.used).toBe(0);
  });

  it("refuses at the cap with when the window resets", async () => {
    const catalog = fixtureCatalog({ hourlyCap: 1 });
    await catalog.read("account_get_credits", {}, READER);
    const error = await catalog.read("account_get_credits", {}, READER).catch((caught: unknown) => caught);
    expect(CatalogError.isInstance(error) && error.code).toBe("QUOTA_EXCEEDED");
    const message = (error as CatalogError).message;
    expect(message).toMatch(/^Hourly cap of 1 tool calls reached for workspace w1; it resets at \d{4}-\d\d-\d\dT\d\d:00:00\.000Z \(in about \d+ min\)\.$/);
    expect((error as CatalogError).details).toMatchObject({ workspace: "w1", cap: 1, used: 1 });
    expect((await catalog.read("account_get_credits", {}, { ...READER, workspace: "w2" })).structuredContent).toEqual({ credits: 120 });
  });

  it("never lets concurrent callers past the cap", async () => {
    const catalog = fixtureCatalog({ hourlyCap: 10 });
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => catalog.read("account_get_credits", {}, READER)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(10);
  });

  it("lets the host choose which calls count and the cap per plan", async () => {
    interface PlanContext extends CallContext {
      plan: "free" | "pro";
    }
    const catalog = fixtureCatalog<PlanContext>({
      hourlyCap: (context) => (context.plan === "pro" ? 100 : 1),
      countCalls: (tool) => tool.name !== "list_domains",
    });
    const free: PlanContext = { workspace: "f", scope: "read", plan: "free" };
    await catalog.read("list_domains", {}, free);
    await catalog.read("list_domains", {}, free);
    await catalog.read("account_get_credits", {}, free);
    await expect(catalog.read("account_get_credits", {}, free)).rejects.toThrow("Hourly cap of 1 tool calls");
    expect((await catalog.consumeQuota({ workspace: "p", scope: "read", plan: "pro" }))?.used).toBe(1);
  });

  it("counts nothing without a cap", async () => {
    const catalog = fixtureCatalog();
    await catalog.read("account_get_credits", {}, READER);
    expect(await catalog.consumeQuota(READER)).toBeUndefined();
    expect(await catalog.quotaUsage("w1")).toBeUndefined();
  });
});
