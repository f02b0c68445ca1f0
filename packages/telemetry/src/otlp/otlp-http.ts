// Posts OTLP/HTTP JSON requests to a collector (node:http or node:https with keep-alive: one
// connection serves every batch) and settles when the answer arrives, failing on a non-2xx status,
// a network error or the timeout. The caller counts failures; nothing is retried (a failed batch is
// dropped, as the SDK's exporter does past its retries).
// Node's client for a scheme is imported when the exporter starts, and only for the schemes its
// endpoints use: node:https pulls in tls (about 15 ms of a process's start-up), which a process
// exporting to an http:// collector, or not exporting at all, has no use for (issue 33).
import type * as NodeHttp from "node:http";
import type { SignalTarget } from "./export-settings";

/** Posts `body` (OTLP JSON) to `target.url`; `timeoutMs` defaults to the target's. */
export type OtlpPost = (target: SignalTarget, body: string | Buffer, timeoutMs?: number) => Promise<void>;

interface SchemeClient {
  request: (url: URL, options: NodeHttp.RequestOptions, onResponse: (response: NodeHttp.IncomingMessage) => void) => NodeHttp.ClientRequest;
  agent: NodeHttp.Agent;
}

const KEEP_ALIVE = { keepAlive: true, maxSockets: 2 };

async function clientFor(scheme: string): Promise<SchemeClient> {
  if (scheme === "https:") {
    const https = await import("node:https");
    return { request: https.request, agent: new https.Agent(KEEP_ALIVE) };
  }
  const http = await import("node:http");
  return { request: http.request, agent: new http.Agent(KEEP_ALIVE) };
}

/**
 * A poster for `targets` (the signals exported): starts importing the Node client of each scheme
 * they use now, so the first batch finds it loaded.
 *
 * @example const post = otlpPoster([settings.traces]); await post(settings.traces, body);
 */
export function otlpPoster(targets: readonly SignalTarget[]): OtlpPost {
  const clients = new Map<string, Promise<SchemeClient>>();
  const clientOf = (scheme: string): Promise<SchemeClient> => {
    let client = clients.get(scheme);
    if (!client) clients.set(scheme, (client = clientFor(scheme)));
    return client;
  };
  for (const target of targets) void clientOf(new URL(target.url).protocol);
  return async (target, body, timeoutMs = target.timeoutMs) => {
    const url = new URL(target.url);
    const { request, agent } = await clientOf(url.protocol);
    return new Promise((resolve, reject) => {
      const outgoing = request(
        url,
        {
          method: "POST",
          agent,
          headers: { ...target.headers, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
          timeout: timeoutMs,
        },
        (response) => {
          response.resume();
          response.on("end", () => {
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve();
            else reject(new Error(`${target.url} answered ${status}`));
          });
          response.on("error", reject);
        },
      );
      outgoing.on("timeout", () => outgoing.destroy(new Error(`${target.url} did not answer within ${timeoutMs} ms`)));
      outgoing.on("error", reject);
      outgoing.end(body);
    });
  };
}
