import { describe, expect, it } from "vitest";
import { ApprovalGateway, ToolPolicy, type ApprovalRequest } from "../src/index";

describe("ToolPolicy", () => {
  const policy = new ToolPolicy({ allow: ["memory", "fs/read_*"], deny: ["*/delete_*"] });

  it("allows by server and tool pattern, deny first", () => {
    expect(policy.decide("memory", "read_graph")).toEqual({ allowed: true, pattern: "memory", reason: "allowed" });
    expect(policy.decide("fs", "read_file")).toEqual({ allowed: true, pattern: "fs/read_*", reason: "allowed" });
    expect(policy.decide("fs", "write_file")).toEqual({ allowed: false, reason: "not_in_allow_list" });
    expect(policy.decide("memory", "delete_entities")).toEqual({ allowed: false, pattern: "*/delete_*", reason: "denied_by_pattern" });
  });

  it("allows everything not denied when there is no allow list", () => {
    const open = new ToolPolicy({ deny: ["web"] });
    expect(open.allows("fs", "anything")).toBe(true);
    expect(open.allows("web", "fetch")).toBe(false);
  });
});

describe("ApprovalGateway", () => {
  const request = (readOnly: boolean): ApprovalRequest => ({
    hostName: "mcp__fs__write_file",
    tool: "write_file",
    server: "fs",
    transport: "stdio",
    target: "node fs.js /tmp",
    arguments: { path: "/tmp/a" },
    annotations: { readOnlyHint: readOnly },
  });

  it("auto approves, deny refuses", async () => {
    expect(await new ApprovalGateway({ mode: "auto" }).decide(request(false))).toEqual({ approved: true, mode: "auto", reason: "auto" });
    expect(await new ApprovalGateway({ mode: "deny" }).decide(request(true))).toEqual({ approved: false, mode: "deny", reason: "mode_deny" });
  });

  it("ask passes read-only tools and asks for the rest with tool, server, target and arguments", async () => {
    const asked: ApprovalRequest[] = [];
    const gateway = new ApprovalGateway({ mode: "ask", ask: (req) => (asked.push(req), false) });
    expect(await gateway.decide(request(true))).toMatchObject({ approved: true, reason: "read_only" });
    expect(asked).toHaveLength(0);
    expect(await gateway.decide(request(false))).toMatchObject({ approved: false, reason: "denied_by_user" });
    expect(asked[0]).toMatchObject({ tool: "write_file", server: "fs", target: "node fs.js /tmp", arguments: { path: "/tmp/a" } });
  });

  it("ask without a callback, or with a failing one, refuses; readOnlyPasses=false asks anyway", async () => {
    expect(await new ApprovalGateway({ mode: "ask" }).decide(request(false))).toMatchObject({ approved: false, reason: "no_ask_callback" });
    const failing = new ApprovalGateway({ mode: "ask", ask: () => Promise.reject(new Error("ui gone")) });
    expect(await failing.decide(request(false))).toMatchObject({ approved: false, reason: "ask_failed" });
    const strict = new ApprovalGateway({ mode: "ask", readOnlyPasses: false, ask: () => true });
    expect(await strict.decide(request(true))).toMatchObject({ approved: true, reason: "approved_by_user" });
  });
});
