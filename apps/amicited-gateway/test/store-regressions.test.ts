// Regressions of the store found by the attack suite (issue 15, "Smaller"), over real HTTP
// against the built gateway: each failed on the main branch before the workspace store package.
import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { payload, serveGateway, textOf } from "./support/gateway-process";

const served = serveGateway();
let client: Client;
let domainId: number;
const call = (name: string, args: Record<string, unknown>) =>
  client.callTool({ name: "run_tool", arguments: { name, arguments: args } });

beforeAll(async () => {
  client = await served.open(served.tokens.demo!.writeToken);
  domainId = (payload(await call("list_domains", {})).rows as { domain_id: number }[])[0]!
    .domain_id;
});

describe("store regressions", () => {
  it("bounds a huge offset with a clear error instead of a database type error", async () => {
    const result = await call("eshop_list_products", { domain_id: domainId, offset: 1e300 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "INVALID_PAGING: offset must be an integer from 0 to 9007199254740991; got 1e+300.",
    );
  });

  it("matches % and _ literally in the text searches", async () => {
    for (const name of ["eshop_search_products", "prompts_search"]) {
      for (const text of ["%", "_", "%_%"]) {
        const result = await call(name, { domain_id: domainId, text });
        expect(result.isError, textOf(result)).toBeFalsy();
        expect(payload(result).rows, `${name} ${text}`).toEqual([]);
      }
    }
    const [first] = payload(await call("eshop_list_products", { domain_id: domainId, limit: 1 }))
      .rows as { name: string }[];
    const found = payload(
      await call("eshop_search_products", { domain_id: domainId, text: first!.name.toUpperCase() }),
    );
    expect((found.rows as { name: string }[]).map((row) => row.name)).toContain(first!.name);
  });

  it("charges a paid call in the same transaction as its action: a failure leaves no ledger trace", async () => {
    const balance = async () =>
      payload(await call("account_get_credit_balance", {})).credits as number;
    const before = await balance();
    const failed = await call("seo_generate_content_brief", {
      domain_id: domainId,
      prompt_id: 999_999,
    });
    expect(textOf(failed)).toBe(
      "NOT_FOUND: prompt 999999 was not found for this domain; list ids with prompts_list.",
    );
    expect(await balance()).toBe(before);
    const ledger = payload(await call("account_list_credit_transactions", {}));
    expect(ledger.rows).toEqual([]);
    const brief = await call("seo_generate_content_brief", {
      domain_id: domainId,
      prompt_id: (
        payload(await call("prompts_list", { domain_id: domainId, limit: 1 })).rows as {
          prompt_id: number;
        }[]
      )[0]!.prompt_id,
    });
    expect(payload(brief)).toMatchObject({ credits_spent: 3, credits_left: before - 3 });
    expect(
      (payload(await call("account_list_credit_transactions", {})).rows as unknown[]).length,
    ).toBe(1);
  });
});
