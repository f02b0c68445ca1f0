// The SSRF guard of client ID metadata documents (oauth/clients.ts): the gateway fetches a URL a
// stranger names as client_id, so it must never reach loopback, private, link-local or
// carrier-grade NAT addresses (RFC 9700 §4.13's neighbour; the CIMD draft's SSRF warning), and
// a document over https that resolves to one is refused before any request.
import { describe, expect, it } from "vitest";
import { findClient, isInternalAddress } from "../src/server/oauth/clients";
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";

describe("client ID metadata documents: SSRF guard", () => {
  it("classes internal addresses as internal and public ones as public", () => {
    for (const address of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "::", "fd00::1", "fe80::1", "::ffff:127.0.0.1"])
      expect(isInternalAddress(address), address).toBe(true);
    for (const address of ["93.184.216.34", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:8.8.8.8"])
      expect(isInternalAddress(address), address).toBe(false);
  });

  it("refuses an https document URL on an internal address without fetching it", async () => {
    // The store is never consulted for a URL client_id; a document URL on 169.254.169.254 is refused before any request.
    const store = {} as WorkspaceStore;
    expect(await findClient(store, "https://169.254.169.254/latest/meta-data.json", { allowLoopbackHttp: true })).toBeUndefined();
    expect(await findClient(store, "http://127.0.0.1:1/client.json", { allowLoopbackHttp: false })).toBeUndefined();
  });
});
