// The shared suite every FactStoreDriver must pass (STYLE.md "drivers").
import { afterEach, describe, expect, it } from "vitest";
import { MemoryError } from "../src/index";
import type { Fact, FactStoreDriver } from "../src/index";

function sampleFact(id: string, title = `Title of ${id}`): Fact {
  return {
    id,
    type: "domain",
    title,
    body: "Body.",
    scope: "project",
    tags: ["a"],
    confidence: "medium",
    source: "code",
    created: "2026-01-01T00:00:00Z",
  };
}

/** Registers the conformance tests for one driver factory. */
export function runDriverConformance(
  name: string,
  make: () => { driver: FactStoreDriver; cleanup: () => void },
): void {
  describe(`driver conformance: ${name}`, () => {
    let cleanup = () => {};
    const setup = () => {
      const made = make();
      cleanup = made.cleanup;
      return made.driver;
    };
    afterEach(() => cleanup());

    it("starts empty and allocates fact-0001, fact-0002…", async () => {
      const driver = setup();
      expect((await driver.load()).records).toEqual([]);
      expect(await driver.withWriteLock(() => driver.allocateId())).toBe("fact-0001");
      expect(await driver.withWriteLock(() => driver.allocateId())).toBe("fact-0002");
    });

    it("stores, reloads and updates facts in id order", async () => {
      const driver = setup();
      await driver.withWriteLock(async () => {
        for (const _ of [1, 2]) await driver.create(sampleFact(await driver.allocateId()));
      });
      const loaded = await driver.load();
      expect(loaded.records.map((record) => record.fact)).toEqual([
        sampleFact("fact-0001"),
        sampleFact("fact-0002"),
      ]);
      expect(loaded.records[0]?.source).toContain("title: Title of fact-0001");
      expect(await driver.load()).toBe(loaded);
      await driver.withWriteLock(() =>
        driver.update({ ...sampleFact("fact-0001"), supersededBy: "fact-0002" }),
      );
      const after = await driver.load();
      expect(after).not.toBe(loaded);
      expect(after.records[0]?.fact.supersededBy).toBe("fact-0002");
    });

    it("refuses to create an id twice", async () => {
      const driver = setup();
      await driver.withWriteLock(() => driver.create(sampleFact("fact-0001")));
      const error = await driver
        .withWriteLock(() => driver.create(sampleFact("fact-0001", "Other")))
        .catch((caught: unknown) => caught);
      expect(MemoryError.isInstance(error) && error.code).toBe("ID_CONFLICT");
      expect((await driver.load()).records.map((record) => record.fact.title)).toEqual([
        "Title of fact-0001",
      ]);
    });

    it("runs locked work one at a time", async () => {
      const driver = setup();
      let inside = 0;
      let most = 0;
      await Promise.all(
        Array.from({ length: 5 }, () =>
          driver.withWriteLock(async () => {
            inside++;
            most = Math.max(most, inside);
            await new Promise((resolve) => setTimeout(resolve, 5));
            inside--;
          }),
        ),
      );
      expect(most).toBe(1);
    });

    it("releases the lock when the work throws", async () => {
      const driver = setup();
      await expect(
        driver.withWriteLock(async () => Promise.reject(new Error("boom"))),
      ).rejects.toThrow("boom");
      expect(await driver.withWriteLock(async () => "next")).toBe("next");
    });
  });
}
