// How an aggregating server names itself to its clients and in the sentences it writes: its
// serverInfo name, the scheme of the namespaced resource URIs (`<name>://<server>/<uri>`), the
// status resource, the HTTP auth realm, and how its process and approval setting are called in
// refusals and errors. The library speaks as itself unless its caller passes its own voice (foya
// passes "foya", "foya serve", "--approval"), so no host's name is written into the library.
import { parseUpstreamResourceUri, upstreamResourceUri } from "../registry/naming";

/** The aggregator's words in what it shows and says. */
export interface AggregatorVoice {
  /** serverInfo.name, the resource scheme (`<name>://`), the status resource, the HTTP realm, the logger of its own warnings. */
  name: string;
  /** The running aggregator in sentences: "foya serve". */
  process: string;
  /** The running aggregator over HTTP in sentences: "foya serve --http". */
  httpProcess: string;
  /** How the approval mode is set, in sentences: "--approval" ("… runs with --approval deny"). */
  approvalSetting: string;
}

/**
 * The library's own voice, used when the caller passes none.
 *
 * @example resourceUriOf(AGGREGATOR_VOICE, "mem", "file:///a") // "aggregate://mem/file:///a"
 */
export const AGGREGATOR_VOICE: AggregatorVoice = {
  name: "aggregate",
  process: "the aggregating server",
  httpProcess: "the aggregating HTTP server",
  approvalSetting: "the approval mode",
};

/** The namespaced URI of an upstream resource: `<name>://<server>/<uri>`. */
export const resourceUriOf = (voice: AggregatorVoice, server: string, uri: string): string => upstreamResourceUri(`${voice.name}://`, server, uri);

/** Splits a namespaced URI back into server and upstream URI; undefined for any other URI. */
export const parseResourceUriOf = (voice: AggregatorVoice, uri: string): { server: string; uri: string } | undefined =>
  parseUpstreamResourceUri(`${voice.name}://`, uri);

/** The sentence that tells a client how namespaced resource URIs look. */
export const uriShapeHint = (voice: AggregatorVoice): string => `${voice.name} URIs look like ${voice.name}://<server>/<uri>`;

/** The sentence that tells a client how namespaced prompt names look. */
export const promptShapeHint = (voice: AggregatorVoice): string => `${voice.name} prompt names look like <server>__<name>`;
