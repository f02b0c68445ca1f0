// Names `foya serve` gives upstream resources and prompts so that two servers can never collide:
// a resource URI becomes `foya://<server>/<original URI>`, a prompt name `<server>__<name>`. The
// rules are client-manager's one naming module (registry/naming.ts); foya adds its scheme.
import { parseUpstreamPromptName, parseUpstreamResourceUri, upstreamPromptName, upstreamResourceUri } from "@foundry-mcp/client-manager";

const RESOURCE_SCHEME = "foya://";

/**
 * The namespaced URI of an upstream resource.
 *
 * @example resourceUri("mem", "foundry://memory/index") // "foya://mem/foundry://memory/index"
 */
export const resourceUri = (server: string, uri: string): string => upstreamResourceUri(RESOURCE_SCHEME, server, uri);

/** Splits a namespaced URI back into server and upstream URI; undefined for any other URI. */
export const parseResourceUri = (uri: string): { server: string; uri: string } | undefined => parseUpstreamResourceUri(RESOURCE_SCHEME, uri);

/** The namespaced name of an upstream prompt (`<server>__<name>`). */
export const promptName = upstreamPromptName;

/** Splits a namespaced prompt name, trying the known server names longest first. */
export const parsePromptName = parseUpstreamPromptName;
