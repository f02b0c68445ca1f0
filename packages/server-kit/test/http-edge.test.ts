// The HTTP admission check over a real node:http server on 127.0.0.1: every refusal with its
// status, JSON-RPC code and message, and an admitted POST with its parsed body.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpEdge, hostAllowList, sameSecret, sendJson } from "../src/index";

let server: http.Server;
let base: string;

beforeAll(async () => {
  const admit = createHttpEdge({ host: "127.0.0.1", realm: "test", maxBodyBytes: 64, checkToken: (token) => sameSecret(token, "right") });
  server = http.createServer((req, res) => {
    void admit(req, res).then((admitted) => {
      if (admitted) sendJson(res, 200, admitted);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const response = await fetch(`${base}${path}`, { method: init.method ?? "POST", headers: { authorization: "Bearer right", ...init.headers }, body: init.body ?? (init.method === "GET" ? undefined : "{}") });
  return { status: response.status, challenge: response.headers.get("www-authenticate"), body: (await response.json()) as { error?: { code: number; message: string } } };
}

describe("createHttpEdge", () => {
  it("admits a POST with a valid token and returns its parsed body", async () => {
    expect(await send("/mcp", { body: '{"a":1}' })).toMatchObject({ status: 200, body: { method: "POST", body: { a: 1 } } });
    expect(await send("/mcp", { method: "GET" })).toMatchObject({ status: 200, body: { method: "GET" } });
  });

  it("refuses each bad request with its status and a JSON-RPC error", async () => {
    expect(await send("/other")).toMatchObject({ status: 404, body: { error: { code: -32000, message: "Not found: the MCP endpoint is /mcp" } } });
    expect(await send("/mcp", { headers: { origin: "https://evil.example" } })).toMatchObject({ status: 403, body: { error: { message: "Forbidden: Origin https://evil.example is not allowed" } } });
    expect(await send("/mcp", { headers: { origin: "null" } })).toMatchObject({ status: 403 });
    const missing = await send("/mcp", { headers: { authorization: "" } });
    expect(missing).toMatchObject({ status: 401, challenge: 'Bearer realm="test"', body: { error: { code: -32001, message: "Unauthorized: send Authorization: Bearer <token>" } } });
    const wrong = await send("/mcp", { headers: { authorization: "Bearer wrong" } });
    expect(wrong).toMatchObject({ status: 401, body: { error: { message: "Unauthorized: unknown token" } } });
    expect(wrong.challenge).toContain('error="invalid_token"');
    expect(await send("/mcp", { method: "PUT" })).toMatchObject({ status: 405 });
    expect(await send("/mcp", { body: JSON.stringify({ padding: "x".repeat(100) }) })).toMatchObject({ status: 413, body: { error: { code: -32600, message: "Request body exceeds 64 bytes" } } });
    expect(await send("/mcp", { body: "{not json" })).toMatchObject({ status: 400, body: { error: { code: -32700 } } });
  });

  // Issue #38: `null` reached the transports and came back as 500 "Cannot read properties of null".
  it("refuses valid JSON that cannot be a message (null, numbers, strings, booleans, arrays of them) with 400 -32600", async () => {
    const rule = "Invalid Request: the body must be a JSON-RPC message object (or an array of them)";
    const cases: Array<[string, string]> = [
      ["null", `${rule}, not null.`],
      ["42", `${rule}, not a number.`],
      ['"ping"', `${rule}, not a string.`],
      ["true", `${rule}, not a boolean.`],
      ["[]", `${rule}, not an empty array.`],
      ["[null]", `${rule}; item 0 of the array is null.`],
      ['[{"a":1},7]', `${rule}; item 1 of the array is a number.`],
      ['[["x"]]', `${rule}; item 0 of the array is an array.`],
    ];
    for (const [body, message] of cases) {
      expect(await send("/mcp", { body })).toEqual({ status: 400, challenge: null, body: { jsonrpc: "2.0", id: null, error: { code: -32600, message } } });
    }
    expect(await send("/mcp", { body: '[{"a":1}]' })).toMatchObject({ status: 200, body: { body: [{ a: 1 }] } });
  });

  it("refuses a foreign Host (DNS rebinding)", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${base}/mcp`, { method: "POST", headers: { host: "rebind.example", authorization: "Bearer right" } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("error", reject);
      request.end("{}");
    });
    expect(status).toBe(403);
  });
});

describe("createHttpEdge with credentials", () => {
  // The gateway's use: a token resolves to its credential, a request without Authorization may be
  // admitted as an anonymous one, and the refusal says why this app refuses tokens.
  let gateway: http.Server;
  let url: string;
  beforeAll(async () => {
    const admit = createHttpEdge<{ workspace: string }>({
      host: "127.0.0.1",
      realm: "gw",
      refusedToken: "unknown or revoked token",
      anonymous: { workspace: "public" },
      checkToken: async (token) => (token === "acme-token" ? { workspace: "acme" } : undefined),
    });
    gateway = http.createServer((req, res) => {
      void admit(req, res).then((admitted) => {
        if (admitted) sendJson(res, 200, admitted);
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/mcp`;
  });
  afterAll(async () => {
    gateway.closeAllConnections();
    await new Promise((resolve) => gateway.close(resolve));
  });

  const call = async (headers: Record<string, string>) => {
    const response = await fetch(url, { method: "POST", headers, body: "{}" });
    return { status: response.status, challenge: response.headers.get("www-authenticate"), body: (await response.json()) as unknown };
  };

  it("admits a known token with the credential it stands for, and no token as the anonymous one", async () => {
    expect(await call({ authorization: "Bearer acme-token" })).toMatchObject({ status: 200, body: { method: "POST", credential: { workspace: "acme" }, body: {} } });
    expect(await call({})).toMatchObject({ status: 200, body: { credential: { workspace: "public" } } });
  });

  it("refuses an unknown token with the app's reason, never as the anonymous credential", async () => {
    const refused = await call({ authorization: "Bearer stolen" });
    expect(refused).toMatchObject({ status: 401, body: { error: { code: -32001, message: "Unauthorized: unknown or revoked token" } } });
    expect(refused.challenge).toBe('Bearer realm="gw", error="invalid_token", error_description="unknown or revoked token"');
    expect(await call({ authorization: "Basic YTpi" })).toMatchObject({ status: 401, challenge: 'Bearer realm="gw"', body: { error: { message: "Unauthorized: send Authorization: Bearer <token>" } } });
  });
});

describe("hostAllowList", () => {
  // The one Host/Origin rule: the edge uses it, and so do routes an app serves beside /mcp.
  it("accepts loopback names, the bind host and the extra names, with or without port or scheme", () => {
    const allowed = hostAllowList("10.0.0.5", ["GW.example"]);
    for (const value of ["localhost:8787", "127.0.0.1", "[::1]:9", "10.0.0.5:8787", "gw.example", "https://gw.example"]) expect(allowed(value), value).toBe(true);
    for (const value of ["evil.example", "null", "", "http://10.0.0.6"]) expect(allowed(value), value).toBe(false);
  });

  it("does not accept every host because the server binds a wildcard address", () => {
    expect(hostAllowList("0.0.0.0")("0.0.0.0")).toBe(false);
    expect(hostAllowList("::")("localhost")).toBe(true);
  });

  // Issue #33: the list keeps the last value's verdict (a client repeats its Host on every request).
  it("gives each value its own verdict when allowed and refused values alternate", () => {
    const allowed = hostAllowList("127.0.0.1");
    const values = ["127.0.0.1:8787", "127.0.0.1:8787", "evil.example", "evil.example", "127.0.0.1:8787", "", "localhost", "http://evil.example"];
    expect(values.map((value) => allowed(value))).toEqual([true, true, false, false, true, false, true, false]);
  });
});

// Issue #33: a router that parsed the request's URL (the gateway's, for /ui and OAuth) hands it to
// the edge, and the endpoint reads its view parameter from the admitted URL: one parse per request, not three.
describe("createHttpEdge with the router's parsed URL", () => {
  it("checks the path of the URL it is given and returns that URL with the admitted request", async () => {
    const admit = createHttpEdge({ host: "127.0.0.1", realm: "test", checkToken: (token) => sameSecret(token, "right") });
    const edged = http.createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://placeholder");
      void admit(req, res, url).then((admitted) => admitted && sendJson(res, 200, { same: admitted.url === url, toolsets: admitted.url.searchParams.get("toolsets") }));
    });
    await new Promise<void>((resolve) => edged.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(edged.address() as AddressInfo).port}`;
    try {
      const call = async (path: string) => {
        const response = await fetch(`${base}${path}`, { method: "POST", headers: { authorization: "Bearer right" }, body: "{}" });
        return { status: response.status, body: (await response.json()) as unknown };
      };
      expect(await call("/mcp?toolsets=sql,web")).toEqual({ status: 200, body: { same: true, toolsets: "sql,web" } });
      expect(await call("/other?toolsets=sql")).toEqual({ status: 404, body: { jsonrpc: "2.0", error: { code: -32000, message: "Not found: the MCP endpoint is /mcp" }, id: null } });
    } finally {
      edged.closeAllConnections();
      await new Promise((resolve) => edged.close(resolve));
    }
  });
});

// Issue 37 / decision 0015: the edge computed the host's challenge params for every request, an
// admitted one too, so each MCP request called back into the host before its handler.
describe("createHttpEdge's challengeParams", () => {
  it("is asked only for a 401, never for an admitted request", async () => {
    const asked: string[] = [];
    const admit = createHttpEdge({
      host: "127.0.0.1",
      realm: "test",
      checkToken: (token) => sameSecret(token, "right"),
      challengeParams: (req) => {
        asked.push(req.headers.authorization ?? "none");
        return 'resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/mcp"';
      },
    });
    const edged = http.createServer((req, res) => void admit(req, res).then((admitted) => admitted && sendJson(res, 200, admitted)));
    await new Promise<void>((resolve) => edged.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(edged.address() as AddressInfo).port}/mcp`;
    try {
      const call = (authorization: string) => fetch(url, { method: "POST", headers: { authorization }, body: "{}" });
      for (let i = 0; i < 3; i++) expect((await call("Bearer right")).status).toBe(200);
      expect(asked).toEqual([]);
      const refused = await call("Bearer wrong");
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toBe(
        'Bearer realm="test", error="invalid_token", error_description="unknown token", resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/mcp"',
      );
      expect(asked).toEqual(["Bearer wrong"]);
    } finally {
      edged.closeAllConnections();
      await new Promise((resolve) => edged.close(resolve));
    }
  });
});
