// The baseline beside client-manager in the suite's client auth/* scenarios: the MCP SDK's own
// client (1.32.2: Client, StreamableHTTPClientTransport and its OAuth providers), used as its
// documentation says and nothing of client-manager. The suite's reference client lives only in
// its repository, so this stands in for it: what a plain SDK client passes in the same run.
// Authorization code: the provider follows the authorization endpoint's redirect itself (the
// person at the browser) and keeps the code; the connection finishes auth and retries, and a
// 403 insufficient_scope during the call gets the same treatment once.
// Usage (by the suite): node conformance-sdk-client.mjs <server-url>
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { ClientCredentialsProvider, PrivateKeyJwtProvider } from "@modelcontextprotocol/sdk/client/auth-extensions.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const url = new URL(process.argv.at(-1));
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? "{}");
// Never opened: the code is read from the redirect's Location.
const REDIRECT = "http://localhost:3000/callback";

/** Authorization code with PKCE and dynamic registration (or the suite's pre-registered client), in memory. */
class BrowserlessProvider {
  redirectUrl = REDIRECT;
  clientMetadata = { client_name: "sdk-conformance-client", redirect_uris: [REDIRECT], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" };
  code = undefined;
  #client = context.client_id ? { client_id: context.client_id, ...(context.client_secret ? { client_secret: context.client_secret } : {}) } : undefined;
  #tokens = undefined;
  #verifier = undefined;
  clientInformation() {
    return this.#client;
  }
  saveClientInformation(client) {
    this.#client = client;
  }
  tokens() {
    return this.#tokens;
  }
  saveTokens(tokens) {
    this.#tokens = tokens;
  }
  saveCodeVerifier(verifier) {
    this.#verifier = verifier;
  }
  codeVerifier() {
    return this.#verifier;
  }
  async redirectToAuthorization(authorizationUrl) {
    const answer = await fetch(authorizationUrl, { redirect: "manual" });
    const location = answer.headers.get("location");
    if (!location) throw new Error(`the authorization endpoint answered ${answer.status} without a redirect`);
    this.code = new URL(location, authorizationUrl).searchParams.get("code") ?? undefined;
  }
}

function providerFor() {
  if (context.client_id && context.private_key_pem) {
    return new PrivateKeyJwtProvider({ clientId: context.client_id, privateKey: context.private_key_pem, algorithm: context.signing_algorithm ?? "ES256" });
  }
  if (context.name === "auth/client-credentials-basic" && context.client_id && context.client_secret) {
    return new ClientCredentialsProvider({ clientId: context.client_id, clientSecret: context.client_secret });
  }
  return new BrowserlessProvider();
}

const provider = providerFor();

/** Connects, finishing an authorization-code round when the server asks for one (bounded). */
async function connect() {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
    const client = new Client({ name: "sdk-conformance-client", version: "1.0.0" });
    try {
      await client.connect(transport);
      return { client, transport };
    } catch (error) {
      if (!(error instanceof UnauthorizedError) || !provider.code) throw error;
      const code = provider.code;
      provider.code = undefined;
      await transport.finishAuth(code);
    }
  }
  throw new Error("no connection after three authorization rounds");
}

let exitCode = 0;
let client;
try {
  const connected = await connect();
  client = connected.client;
  const { tools } = await client.listTools();
  if (tools[0]) {
    try {
      await client.callTool({ name: tools[0].name, arguments: {} });
    } catch (error) {
      // A step-up (403 insufficient_scope) that needed the browser: authorise once more, retry once.
      if (!(error instanceof UnauthorizedError) || !provider.code) throw error;
      const code = provider.code;
      provider.code = undefined;
      await connected.transport.finishAuth(code);
      await client.callTool({ name: tools[0].name, arguments: {} });
    }
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await client?.close().catch(() => undefined);
}
process.exit(exitCode);
