// The version the gateway announces in initialize is its package's, the one `--version` prints
// (issue 37: it was a second hand-written "0.1.0" in server/identity.ts).
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { serveGateway } from "./support/gateway-process";

const { version } = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
const served = serveGateway();

describe("server identity", () => {
  it("announces the package.json version in initialize", async () => {
    const client = await served.open(served.tokens.demo!.readToken);
    expect(client.getServerVersion()).toEqual({ name: "amicited-gateway", version });
  });
});
