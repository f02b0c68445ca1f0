// Posts one OTLP/HTTP JSON request to a collector (node:http or node:https with keep-alive: one
// connection serves every batch) and settles when the answer arrives, failing on a non-2xx status,
// a network error or the timeout. The caller counts failures; nothing is retried (a failed batch is
// dropped, as the SDK's exporter does past its retries).
import http from "node:http";
import https from "node:https";
import type { SignalTarget } from "./export-settings";

const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 2 }), https: new https.Agent({ keepAlive: true, maxSockets: 2 }) };

/** Posts `body` (OTLP JSON) to `target.url`. */
export function postOtlp(target: SignalTarget, body: string | Buffer, timeoutMs = target.timeoutMs): Promise<void> {
  const url = new URL(target.url);
  const secure = url.protocol === "https:";
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      url,
      {
        method: "POST",
        agent: secure ? agents.https : agents.http,
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
    request.on("timeout", () => request.destroy(new Error(`${target.url} did not answer within ${timeoutMs} ms`)));
    request.on("error", reject);
    request.end(body);
  });
}
