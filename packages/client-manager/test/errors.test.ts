import net from "node:net";
import { describe, expect, it } from "vitest";
import { messageOf } from "../src/errors";

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
  });
});
