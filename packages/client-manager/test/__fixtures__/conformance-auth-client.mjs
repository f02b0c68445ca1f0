// The MCP conformance suite's client under test for the auth/* scenarios, built on the BUILT
// package (../../dist): loginOAuthServer for the authorization-code flow (the suite's
// authorization server approves at once; this script follows its redirect to the loopback
// callback, standing in for the person at the browser), then a ClientManager that connects with
// the stored tokens, lists tools and calls the first one. A needs-login after a 403
// insufficient_scope (client-manager stored the union of scopes) gets one more login: the
// bounded step-up. The machine grant and private_key_jwt come from MCP_CONFORMANCE_CONTEXT.
// Usage (by the suite): node conformance-auth-client.mjs <server-url>
import { ClientManager } from "../../dist/index.js";
import { loginOAuthServer } from "../../dist/node.js";

const url = process.argv.at(-1);
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}");
const state = new Map();
const storage = {
  loadOAuth: (server) => state.get(server),
  saveOAuth: (server, value) => void state.set(server, structuredClone(value)),
  clearOAuth: (server) => state.delete(server),
};

const env = {};
let oauth = {};
if (context.client_id && context.private_key_pem) {
  env.CONFORMANCE_KEY = context.private_key_pem;
  oauth = { grant: "client_credentials", clientId: context.client_id, tokenEndpointAuthMethod: "private_key_jwt", privateKey: "${CONFORMANCE_KEY}", signingAlgorithm: context.signing_algorithm ?? "ES256" };
} else if (context.client_id && context.client_secret) {
  oauth = { ...(context.name === "auth/client-credentials-basic" ? { grant: "client_credentials" } : {}), clientId: context.client_id };
  storage.saveOAuth("conformance", { clientSecret: context.client_secret });
}

// The browser's part: ask the authorization endpoint, follow its redirect to our callback.
async function approve(authorizationUrl) {
  const answer = await fetch(authorizationUrl, { redirect: "manual" });
  const location = answer.headers.get("location");
  if (!location) throw new Error(`the authorization endpoint answered ${answer.status} without a redirect`);
  await fetch(new URL(location, authorizationUrl));
}

async function login() {
  if (oauth.grant === "client_credentials") return;
  await loginOAuthServer({ server: "conformance", url, auth: oauth, storage, onAuthorizationUrl: approve, timeoutMs: 20_000, clientName: "foya-conformance-client" });
}

async function session() {
  const manager = new ClientManager({
    config: { servers: { conformance: { transport: "streamable_http", url, sseFallback: false, oauth } } },
    clientInfo: { name: "foya-conformance-client", version: "0.1.0" },
    oauth: storage,
    env: { ...process.env, ...env },
    pingIntervalMs: 0,
    reconnect: { maxAttempts: 0 },
  });
  try {
    await manager.start();
    const [status] = manager.status();
    if (status?.state !== "connected") return { needsLogin: /needs login/.test(status?.lastError ?? ""), error: status?.lastError };
    const [tool] = manager.tools();
    if (tool) {
      const result = await manager.callTool(tool.hostName, {});
      if (result.isError && /needs login/.test(JSON.stringify(result.content))) return { needsLogin: true, error: JSON.stringify(result.content) };
    }
    return {};
  } catch (error) {
    return { needsLogin: /needs login/.test(String(error)), error: String(error) };
  } finally {
    await manager.close();
  }
}

let exitCode = 0;
try {
  await login();
  let outcome = await session();
  if (outcome.needsLogin) {
    await login();
    outcome = await session();
  }
  if (outcome.error) throw new Error(outcome.error);
} catch (error) {
  console.error(error);
  exitCode = 1;
}
process.exit(exitCode);
