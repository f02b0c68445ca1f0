// A saved index is rebuilt when the date terms change: their format is part of the fingerprint a
// saved index carries (src/search/saved-terms.ts), and a fingerprint other than today's is rebuilt
// (saved-index.test.ts). Regression (review of session 38): the format could leave the fingerprint
// and every test still passed, so an index saved with the old date terms would have been trusted.
import { afterEach, describe, expect, it, vi } from "vitest";
import type * as DateTerms from "../src/search/date-terms";

afterEach(() => {
  vi.doUnmock("../src/search/date-terms");
  vi.resetModules();
});

describe("the saved index's fingerprint", () => {
  it("changes with the date terms' format", async () => {
    vi.resetModules();
    const today = (await import("../src/search/saved-terms")).tokenizerFingerprint();
    vi.resetModules();
    vi.doMock("../src/search/date-terms", async (original) => ({
      ...(await original<typeof DateTerms>()),
      DATE_TERMS_FORMAT: "date-terms-next",
    }));
    const next = (await import("../src/search/saved-terms")).tokenizerFingerprint();
    expect(next).toMatch(/^[0-9a-f]{16}$/);
    expect(next).not.toBe(today);
  });
});
