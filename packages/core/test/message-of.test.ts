// messageOf: the one way every package reads a thrown value, cause chain folded in (once).
import net from "node:net";
import { describe, expect, it } from "vitest";
import { CodedError, messageOf } from "../src/index";

class CodedTwin extends Error {
  readonly code = "ESHELF";
}

describe("messageOf", () => {
  it("folds fetch's hidden cause into the message, so a status line says why", async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const failure = await fetch(`http://127.0.0.1:${port}/mcp`).catch((error: unknown) => error);
    expect(messageOf(failure)).toMatch(/^fetch failed \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)$/);
  });

  it("keeps plain errors and non-errors as they are", () => {
    expect(messageOf(new Error("boom"))).toBe("boom");
    expect(messageOf("text")).toBe("text");
    expect(messageOf(new Error("outer", { cause: new Error("outer") }))).toBe("outer");
    expect(messageOf(42)).toBe("42");
  });

  it("names a cause's system code and stops after three causes", () => {
    const deep = new Error("d");
    const chain = new Error("a", { cause: new Error("b", { cause: new Error("c", { cause: new Error("x", { cause: deep }) }) }) });
    expect(messageOf(chain)).toBe("a (b) (c) (x)");
    expect(messageOf(new Error("write failed", { cause: new CodedTwin("shelf full") }))).toBe("write failed (ESHELF: shelf full)");
  });

  // Regression: folding a CodedError's cause changed SPEC strings ("runbook_get failed: no
  // runbook \"nope\". Available: … (ENOENT: …)"). A coded message stands alone.
  it("returns a CodedError's message as written, cause or not", () => {
    const missing = new CodedError("RUNBOOK_NOT_FOUND", 'no runbook "nope". Available: deploy.', { cause: Object.assign(new Error("no such file"), { code: "ENOENT" }) });
    expect(messageOf(missing)).toBe('no runbook "nope". Available: deploy.');
  });
});
