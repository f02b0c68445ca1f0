// What of a search request is learned and kept (src/text/learnable-request.ts): keys, tokens, addresses and
// long numbers a user pasted are taken out; words, dates, versions and other scripts stay.
import { describe, expect, it } from "vitest";
import { learnableRequest } from "../src/index";

describe("learnableRequest", () => {
  it.each([
    ["rotate key sk-proj-4f9aK2mXq81LzQ7w for https://api.example.com/v1?token=x", "rotate key for api.example.com"],
    ["open https://alice:hunter2@intranet.example.org:8443/admin#users", "open intranet.example.org"],
    ["email the report to jane.doe+ops@example.co.uk", "email the report to"],
    ["set password=hunter2 and token: 'a b c' then api_key=XYZ", "set password and token then api_key"],
    ["Authorization: Bearer short and call the api", "Authorization and call the api"],
    ["send it with bearer abc", "send it with bearer"],
    ["card 4111 1111 1111 1111 refund", "card refund"],
    ["call 415-555-0132 or +44 20 7946 0958 today", "call or today"],
    ["order 123456789 status", "order status"],
    ["look up commit 9fceb02d0ae598e95dc970b74767f19372d61af8 in repo", "look up commit in repo"],
    ["find uuid 123e4567-e89b-12d3-a456-426614174000", "find uuid"],
    ["x86_64-unknown-linux-gnu build", "build"],
  ])("%j → %j", (request, learned) => {
    expect(learnableRequest(request)).toBe(learned);
  });

  it.each([
    "reset password for user and auth flow for github",
    "invoice 2026-12-07 for order 12345678",
    "get_weather for San Francisco, CA in fahrenheit",
    "upgrade to version 1.2.3 on port 8080",
    "internationalization of the settings page",
    "查询2026年北京的天气预报和空气质量情况",
    "npm i @foundry-mcp/core",
  ])("keeps %j", (request) => {
    expect(learnableRequest(request)).toBe(request);
  });

  it("folds spacing", () => {
    expect(learnableRequest("  list \n the   invoices ")).toBe("list the invoices");
  });
});
