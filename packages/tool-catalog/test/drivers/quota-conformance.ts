// The conformance suite every QuotaDriver passes (STYLE.md §3): counting, the cap, windows,
// workspaces kept apart, and exactness under concurrent callers.
import { afterEach, describe, expect, it } from "vitest";
import type { QuotaDriver } from "../../src/index";

const AT = new Date("2026-11-30T10:15:00.000Z");
const NEXT_HOUR = new Date("2026-11-30T11:00:00.000Z");

/** Registers the shared QuotaDriver tests for one driver factory. */
export function quotaDriverConformance(name: string, create: () => Promise<QuotaDriver> | QuotaDriver): void {
  describe(`${name} (QuotaDriver conformance)`, () => {
    const opened: QuotaDriver[] = [];
    const driver = async () => {
      const made = await create();
      opened.push(made);
      return made;
    };
    afterEach(async () => {
      for (const made of opened.splice(0)) await made.close?.();
    });

    it("counts calls and refuses at the cap without counting the refusal", async () => {
      const quota = await driver();
      expect(await quota.consume("w1", 2, AT)).toEqual({ allowed: true, used: 1, cap: 2, resetAt: NEXT_HOUR });
      expect(await quota.consume("w1", 2, AT)).toEqual({ allowed: true, used: 2, cap: 2, resetAt: NEXT_HOUR });
      expect(await quota.consume("w1", 2, AT)).toEqual({ allowed: false, used: 2, cap: 2, resetAt: NEXT_HOUR });
      expect(await quota.peek?.("w1", AT)).toEqual({ used: 2, resetAt: NEXT_HOUR });
    });

    it("starts again in the next clock hour", async () => {
      const quota = await driver();
      await quota.consume("w1", 1, AT);
      expect((await quota.consume("w1", 1, new Date("2026-11-30T10:59:59.999Z"))).allowed).toBe(false);
      const next = await quota.consume("w1", 1, NEXT_HOUR);
      expect(next).toEqual({ allowed: true, used: 1, cap: 1, resetAt: new Date("2026-11-30T12:00:00.000Z") });
    });

    it("keeps workspaces apart", async () => {
      const quota = await driver();
      await quota.consume("w1", 1, AT);
      expect((await quota.consume("w2", 1, AT)).allowed).toBe(true);
      expect(await quota.peek?.("w3", AT)).toEqual({ used: 0, resetAt: NEXT_HOUR });
    });

    it("never allows more than the cap under concurrent callers", async () => {
      const quota = await driver();
      const decisions = await Promise.all(Array.from({ length: 200 }, () => quota.consume("busy", 37, AT)));
      expect(decisions.filter((decision) => decision.allowed)).toHaveLength(37);
      expect(decisions.filter((decision) => decision.allowed).map((decision) => decision.used).sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, index) => index + 1));
      expect((await quota.peek?.("busy", AT))?.used).toBe(37);
    });

    it("treats a cap of zero as no calls", async () => {
      const quota = await driver();
      expect(await quota.consume("w0", 0, AT)).toEqual({ allowed: false, used: 0, cap: 0, resetAt: NEXT_HOUR });
    });
  });
}
