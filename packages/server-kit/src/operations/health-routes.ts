// /healthz and /readyz for load balancers and orchestrators (issue #33): no credential, nothing
// sensitive in the answer (check names and short fixed words, never an error text that could name
// a host or a user). /healthz says the process answers; /readyz runs the app's checks (each one
// bounded by a timeout) and is false at once while the process drains. Concurrent probes share one
// evaluation and a result is reused for a second, so a probe flood never floods the store.
import type http from "node:http";

/** One readiness check: `true`, or a short fixed reason such as "unreachable" (never an error message). */
export interface ReadinessCheck {
  name: string;
  run: () => Promise<true | string>;
}

/** The paths this module answers. */
export const HEALTH_PATHS = { alive: "/healthz", ready: "/readyz" } as const;
/** The longest one check may take before it counts as "timed out". */
export const READINESS_CHECK_TIMEOUT_MS = 2000;
const REUSE_MS = 1000;

type Verdict = { ready: boolean; checks: Record<string, string> };

async function runCheck(check: ReadinessCheck, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve("timed out"), timeoutMs);
  });
  try {
    const outcome = await Promise.race([check.run().catch(() => "failed"), timeout]);
    return outcome === true ? "ok" : outcome;
  } finally {
    clearTimeout(timer);
  }
}

/** Answers the health routes; `draining()` true makes /readyz false without running the checks. */
export function createHealthRoutes(
  checks: readonly ReadinessCheck[],
  draining: () => boolean,
  timeoutMs = READINESS_CHECK_TIMEOUT_MS,
): (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => boolean {
  let last: { at: number; verdict: Promise<Verdict> } | undefined;
  const evaluate = (): Promise<Verdict> => {
    if (last && Date.now() - last.at < REUSE_MS) return last.verdict;
    const verdict = (async () => {
      const results: Record<string, string> = {};
      // In order: a later check (migrations) means nothing when an earlier one (store) failed.
      for (const check of checks)
        results[check.name] = Object.values(results).every((value) => value === "ok") ? await runCheck(check, timeoutMs) : "not checked";
      return { ready: Object.values(results).every((value) => value === "ok"), checks: results };
    })();
    last = { at: Date.now(), verdict };
    return verdict;
  };
  const answer = (res: http.ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(`${JSON.stringify(body)}\n`);
  };
  return (req, res, pathname) => {
    if (pathname !== HEALTH_PATHS.alive && pathname !== HEALTH_PATHS.ready) return false;
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD", "content-type": "application/json" });
      res.end(`${JSON.stringify({ status: "method not allowed", allowed: ["GET", "HEAD"] })}\n`);
      return true;
    }
    if (pathname === HEALTH_PATHS.alive) {
      answer(res, 200, { status: "ok" });
      return true;
    }
    if (draining()) {
      answer(res, 503, { status: "draining" });
      return true;
    }
    void evaluate().then(
      (verdict) => answer(res, verdict.ready ? 200 : 503, { status: verdict.ready ? "ready" : "not ready", checks: verdict.checks }),
      () => answer(res, 503, { status: "not ready" }),
    );
    return true;
  };
}
