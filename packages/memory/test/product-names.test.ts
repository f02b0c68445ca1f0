// Questions that ask for a product by its role (src/search/product-names.ts).
import { describe, expect, it } from "vitest";
import { storedFact } from "./__fixtures__/stored-fact";
import { firstRankedIdOver } from "./__fixtures__/ranked-ids";
import { asksForProduct, namesProduct } from "../src/search/product-names";

const fact = (id: string, title: string, body?: string) => storedFact(id, "decision", title, body);

describe("product names and role questions", () => {
  it("tells titles that name a product from plain ones", () => {
    expect(namesProduct(fact("fact-0001", "Product search runs on OpenSearch"))).toBe(true);
    expect(namesProduct(fact("fact-0002", "RabbitMQ carries domain events between services"))).toBe(
      true,
    );
    expect(
      namesProduct(fact("fact-0003", "Integration tests use Testcontainers, not shared databases")),
    ).toBe(true);
    expect(namesProduct(fact("fact-0004", "Flaky end-to-end tests hide real failures"))).toBe(
      false,
    );
    expect(namesProduct(fact("fact-0005", "API errors use RFC 7807 problem details"))).toBe(false);
  });

  it("reads a role in the question", () => {
    expect(asksForProduct(["what", "engine", "powers", "search"])).toBe(true);
    expect(asksForProduct(["end", "to", "end", "test", "frameworks"])).toBe(true);
    expect(asksForProduct(["when", "may", "tracking", "scripts", "load"])).toBe(false);
  });

  // Regression (issue 21): a nearby fact on the same topic, sharing as many words, outranked the
  // fact naming the product the question asked for.
  it("lifts the fact naming a product above a nearby one when the question asks for its role", async () => {
    const first = firstRankedIdOver([
      fact("fact-0002", "Flaky end-to-end tests hide real failures", "Quarantine them within a day."),
      fact("fact-0001", "End-to-end tests run with Playwright against staging", "Nightly."),
    ]);
    expect(await first("end to end test framework")).toBe("fact-0001");
    expect(await first("flaky end to end tests")).toBe("fact-0002");
  });
});
