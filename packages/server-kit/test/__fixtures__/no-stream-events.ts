// An SSE event log that keeps nothing and refuses nothing: for endpoint tests whose requests never
// stream (resumable streams have their own tests over the gateway's SQL rows).
import type { StreamEventRows } from "../../src/index";

/** Room for every stream, no event kept, no stream known. */
export const noStreamEvents: StreamEventRows = {
  limits: { maxEvents: 10, maxEventsPerSession: 10 },
  hasRoom: async () => true,
  makeRoom: async () => true,
  append: async () => undefined,
  streamState: async () => "unknown",
  after: async () => [],
};
