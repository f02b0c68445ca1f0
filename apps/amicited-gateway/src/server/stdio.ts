// stdio transport: one session for the process, its credential from AMICITED_TOKEN and its
// pinned toolsets from --toolsets. Protocol on stdout only; everything else goes to stderr.
// LineStdioTransport answers malformed frames (-32700/-32600) instead of dropping them.
import { createAppServer, DualEraTransport, LineStdioTransport } from "@foundry-mcp/server-kit";
import { GATEWAY_IDENTITY } from "./identity";
import { gatewayApp } from "./handler";
import { surfaceFor } from "./surfaces";
import type { Gateway } from "./gateway";
import { GatewayError, GatewayErrorCode } from "../errors";
import { resolveToken } from "@foundry-mcp/workspace-store";

/** Serves one session over stdin/stdout until stdin closes. */
export async function serveStdio(
  gateway: Gateway,
  token: string | undefined,
  toolsets: string | undefined,
): Promise<void> {
  if (!token)
    throw new GatewayError(
      GatewayErrorCode.USAGE,
      "serve --stdio needs a token in AMICITED_TOKEN (from init or workspace create).",
    );
  const credential = await resolveToken(gateway.store, token);
  if (!credential)
    throw new GatewayError(
      GatewayErrorCode.USAGE,
      "AMICITED_TOKEN is unknown or revoked for this --data directory.",
    );
  // The connection's tool list is fixed at connect (tools/list never changes: listChanged false).
  const server = createAppServer(GATEWAY_IDENTITY, gatewayApp(gateway, surfaceFor(gateway, toolsets)), credential, toolsets);
  // Both eras on stdio: the 2025 handshake and 2026-07-28 per-request requests.
  const transport = new DualEraTransport(new LineStdioTransport(), GATEWAY_IDENTITY);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once("end", () => resolve());
  });
  await server.connect(transport);
  await closed;
  await server.close();
}
