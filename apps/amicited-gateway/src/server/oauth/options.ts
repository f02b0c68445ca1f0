// Turns serve's flags into the OAuth part of startHttpGateway's options: --public-url (the
// issuer and resource behind a proxy; must be https unless it is a loopback address) and
// --allow-http-client-metadata (client ID metadata documents from http://127.0.0.1: tests only).
import type { WorkspaceStore } from "@foundry-mcp/workspace-store";
import { GatewayError, GatewayErrorCode } from "../../errors";
import { createOAuthRoutes, type OAuthRoutes } from "./routes";

/** The flags oauthOptionsOf reads. */
export interface OAuthFlags {
  host: string;
  allowedHosts: string[];
  publicUrl: string | undefined;
  allowHttpClientMetadata: boolean;
}

/** The `oauth` option of startHttpGateway for these flags; a bad --public-url is a usage error. */
export function oauthOptionsOf(store: WorkspaceStore, flags: OAuthFlags): { routes: OAuthRoutes; publicUrl?: string } {
  let publicUrl: string | undefined;
  if (flags.publicUrl !== undefined) {
    const parsed = URL.canParse(flags.publicUrl) ? new URL(flags.publicUrl) : undefined;
    const loopback = parsed !== undefined && ["127.0.0.1", "[::1]", "localhost"].includes(parsed.hostname);
    if (!parsed || (parsed.protocol !== "https:" && !(parsed.protocol === "http:" && loopback)) || parsed.pathname !== "/")
      throw new GatewayError(GatewayErrorCode.USAGE, `--public-url must be an origin such as https://gw.example (https, no path; http only for a loopback host); got ${flags.publicUrl}`);
    publicUrl = parsed.origin;
  }
  const routes = createOAuthRoutes(store, {
    host: flags.host,
    allowedHosts: publicUrl ? [...flags.allowedHosts, new URL(publicUrl).hostname] : flags.allowedHosts,
    ...(publicUrl ? { publicUrl } : {}),
    allowLoopbackClientMetadata: flags.allowHttpClientMetadata,
  });
  return { routes, ...(publicUrl ? { publicUrl } : {}) };
}
