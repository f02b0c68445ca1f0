// A real OAuth 2.1 authorization server and MCP resource server on 127.0.0.1, built on the MCP
// SDK's server-side auth (mcpAuthRouter: RFC 8414 metadata, RFC 7591 registration, PKCE,
// revocation; requireBearerAuth: RFC 9728 WWW-Authenticate) for the client-manager OAuth tests.
// Sign-in is approved at once (no person in a test). Admin routes let a test expire or revoke
// tokens and read counters. Prints `listening <port>` on stdout.
//   node oauth-server.mjs [--access-ttl SECONDS] [--client-id ID --client-secret SECRET]
//                         [--require-scope SCOPE]   tools/call needs SCOPE: else 403 insufficient_scope
//                         [--grantable "A B"]        never grant other scopes
// With JWT_PUBLIC_KEY (PEM) in the environment, the pre-registered client may authenticate
// with private_key_jwt (RFC 7523), its assertion verified here with node:crypto.
import { createPublicKey, randomBytes, verify } from "node:crypto";
import express from "express";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { mcpAuthRouter, getOAuthProtectedResourceMetadataUrl } from "@modelcontextprotocol/sdk/server/auth/router.js";
import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js";
import { InvalidGrantError, InvalidTokenError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const argv = process.argv.slice(2);
const option = (name) => {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
};
const accessTtl = Number(option("--access-ttl") ?? 3600);
const preClientId = option("--client-id");
const preClientSecret = option("--client-secret");
const requiredScope = option("--require-scope");
// Scopes this server will ever grant (default: any asked for): a step-up past them cannot succeed.
const grantable = option("--grantable")?.split(" ");
const jwtPublicKey = process.env.JWT_PUBLIC_KEY ? createPublicKey(process.env.JWT_PUBLIC_KEY) : undefined;

const clients = new Map();
const codes = new Map();
const accessTokens = new Map();
const refreshTokens = new Map();
const stats = { registrations: 0, authorizations: 0, codeExchanges: 0, refreshes: 0, clientCredentials: 0, jwtAssertions: 0, stepUps: 0, resources: [], scopes: [] };
if (preClientId) {
  clients.set(preClientId, { client_id: preClientId, client_secret: preClientSecret, redirect_uris: [], grant_types: ["client_credentials"], token_endpoint_auth_method: "client_secret_basic" });
}

const token = () => randomBytes(24).toString("hex");

// The client id a private_key_jwt assertion proves, or undefined when it is not valid: signed by
// JWT_PUBLIC_KEY (ES256 or RS256), iss = sub = a known client, aud = this issuer, not expired.
function assertedClient(assertion, issuer) {
  const [head, body, signature] = String(assertion).split(".");
  if (!jwtPublicKey || !head || !body || !signature) return undefined;
  const header = JSON.parse(Buffer.from(head, "base64url").toString());
  const claims = JSON.parse(Buffer.from(body, "base64url").toString());
  const options = header.alg === "ES256" ? { key: jwtPublicKey, dsaEncoding: "ieee-p1363" } : header.alg === "RS256" ? jwtPublicKey : undefined;
  if (!options || !verify("sha256", Buffer.from(`${head}.${body}`), options, Buffer.from(signature, "base64url"))) return undefined;
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== claims.sub || !clients.has(claims.iss) || !audience.some((aud) => aud.replace(/\/$/, "") === issuer.replace(/\/$/, ""))) return undefined;
  if (typeof claims.exp !== "number" || claims.exp < Date.now() / 1000) return undefined;
  return clients.get(claims.iss);
}

function issue(clientId, scopes, resource) {
  scopes = grantable ? scopes.filter((scope) => grantable.includes(scope)) : scopes;
  const access = token();
  const refresh = token();
  accessTokens.set(access, { clientId, scopes, resource, expiresAt: Math.floor(Date.now() / 1000) + accessTtl });
  refreshTokens.set(refresh, { clientId, scopes, resource });
  if (resource) stats.resources.push(resource);
  stats.scopes.push(scopes.join(" "));
  return { access_token: access, token_type: "bearer", expires_in: accessTtl, refresh_token: refresh, scope: scopes.join(" ") };
}

const provider = {
  clientsStore: {
    getClient: (id) => clients.get(id),
    registerClient: (client) => {
      stats.registrations += 1;
      const full = { ...client, client_id: `client-${token().slice(0, 8)}`, client_id_issued_at: Math.floor(Date.now() / 1000) };
      clients.set(full.client_id, full);
      return full;
    },
  },
  async authorize(client, params, res) {
    stats.authorizations += 1;
    const code = token();
    codes.set(code, { clientId: client.client_id, challenge: params.codeChallenge, redirectUri: params.redirectUri, scopes: params.scopes ?? ["mcp"], resource: params.resource?.href });
    const target = new URL(params.redirectUri);
    target.searchParams.set("code", code);
    if (params.state) target.searchParams.set("state", params.state);
    res.redirect(302, target.href);
  },
  async challengeForAuthorizationCode(_client, code) {
    const entry = codes.get(code);
    if (!entry) throw new InvalidGrantError("unknown authorization code");
    return entry.challenge;
  },
  async exchangeAuthorizationCode(client, code, _verifier, redirectUri, resource) {
    const entry = codes.get(code);
    if (!entry || entry.clientId !== client.client_id) throw new InvalidGrantError("unknown authorization code");
    if (redirectUri && redirectUri !== entry.redirectUri) throw new InvalidGrantError("redirect_uri differs from the authorization request");
    codes.delete(code);
    stats.codeExchanges += 1;
    return issue(client.client_id, entry.scopes, resource?.href ?? entry.resource);
  },
  async exchangeRefreshToken(client, refresh, _scopes, resource) {
    const entry = refreshTokens.get(refresh);
    if (!entry || entry.clientId !== client.client_id) throw new InvalidGrantError("refresh token revoked or unknown");
    refreshTokens.delete(refresh);
    stats.refreshes += 1;
    return issue(client.client_id, entry.scopes, resource?.href ?? entry.resource);
  },
  async verifyAccessToken(value) {
    const entry = accessTokens.get(value);
    if (!entry) throw new InvalidTokenError("token expired, revoked or unknown");
    return { token: value, clientId: entry.clientId, scopes: entry.scopes, expiresAt: entry.expiresAt, ...(entry.resource ? { resource: new URL(entry.resource) } : {}) };
  },
  async revokeToken(_client, request) {
    accessTokens.delete(request.token);
    refreshTokens.delete(request.token);
  },
};

function mcpServer(auth) {
  const server = new Server({ name: "oauth-fixture", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: "whoami", description: "Who the token belongs to.", inputSchema: { type: "object", properties: {} }, annotations: { readOnlyHint: true } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [{ type: "text", text: `client ${auth.clientId} scopes ${auth.scopes.join(" ")}` }] }));
  return server;
}

const app = express();
const listener = app.listen(0, "127.0.0.1", () => {
  const port = listener.address().port;
  const base = new URL(`http://127.0.0.1:${port}/`);
  const resource = new URL(`http://127.0.0.1:${port}/mcp`);
  app.post("/token", express.urlencoded({ extended: false }), (req, res, next) => {
    if (req.body?.grant_type !== "client_credentials") return next();
    const header = req.headers.authorization ?? "";
    const basic = header.startsWith("Basic ") ? Buffer.from(header.slice(6), "base64").toString().split(":").map(decodeURIComponent) : [];
    const id = basic[0] ?? req.body.client_id;
    const secret = basic[1] ?? req.body.client_secret;
    const jwt = req.body.client_assertion_type === "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
    const client = jwt ? assertedClient(req.body.client_assertion, base.href) : clients.get(id);
    if (!client || (!jwt && (client.client_secret === undefined || client.client_secret !== secret))) return res.status(401).json({ error: "invalid_client" });
    if (jwt) stats.jwtAssertions += 1;
    stats.clientCredentials += 1;
    res.json(issue(client.client_id, (req.body.scope ?? "mcp").split(" "), req.body.resource));
  });
  app.use(mcpAuthRouter({ provider, issuerUrl: base, resourceServerUrl: resource, scopesSupported: ["mcp"] }));
  const bearer = requireBearerAuth({ verifier: provider, resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(resource) });
  app.post("/mcp", express.json(), bearer, async (req, res) => {
    if (requiredScope && req.body?.method === "tools/call" && !req.auth.scopes.includes(requiredScope)) {
      stats.stepUps += 1;
      const metadata = getOAuthProtectedResourceMetadataUrl(resource);
      res.set("WWW-Authenticate", `Bearer error="insufficient_scope", scope="${requiredScope}", resource_metadata="${metadata}"`);
      return res.status(403).json({ error: "insufficient_scope" });
    }
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    const server = mcpServer(req.auth);
    res.on("close", () => void transport.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  app.get("/mcp", bearer, (_req, res) => res.status(405).end());
  app.post("/admin/expire-access", (_req, res) => {
    accessTokens.clear();
    res.json({ ok: true });
  });
  app.post("/admin/revoke-all", (_req, res) => {
    accessTokens.clear();
    refreshTokens.clear();
    res.json({ ok: true });
  });
  app.get("/admin/stats", (_req, res) => res.json(stats));
  process.stdout.write(`listening ${port}\n`);
});
process.on("SIGTERM", () => listener.close(() => process.exit(0)));
