// Sends hostile frames to a stdio server in batches and checks every answer it gives.
import { EXPECTED_CODES, type HostileFrame } from "./hostile-frames";
import type { JsonRpcMessage, RawStdioPeer } from "./raw-stdio";

export interface FloodReport {
  sent: number;
  answered: number;
  wrong: string[];
}

/** Judges one reply against what the frame expects; returns a problem or null. */
export function judgeReply(frame: HostileFrame, reply: JsonRpcMessage | undefined): string | null {
  if (frame.expect === "no-reply" || frame.expect === "maybe-reply" || frame.id === null) return null;
  if (!reply) return `${frame.family}: no reply to id ${frame.id}`;
  const codes = EXPECTED_CODES[frame.expect];
  if (codes) {
    return reply.error && codes.includes(reply.error.code) ? null : `${frame.family}: expected error ${codes.join("|")}, got ${JSON.stringify(reply).slice(0, 160)}`;
  }
  if (frame.expect === "rejected-call") {
    const refused = reply.error !== undefined || reply.result?.isError === true;
    return refused ? null : `${frame.family}: a malformed call was not refused: ${JSON.stringify(reply).slice(0, 160)}`;
  }
  return null;
}

/** Sends `frames` in batches of `batch`, awaiting each batch's replies; collects wrong answers. */
export async function floodStdio(peer: RawStdioPeer, frames: HostileFrame[], batch = 250): Promise<FloodReport> {
  const report: FloodReport = { sent: 0, answered: 0, wrong: [] };
  for (let start = 0; start < frames.length; start += batch) {
    const slice = frames.slice(start, start + batch);
    for (const frame of slice) await peer.send(frame.line);
    report.sent += slice.length;
    // One deadline per batch: a server that drops frames must not stall the run frame by frame.
    const expecting = slice.filter((frame) => frame.id !== null && frame.expect !== "no-reply" && frame.expect !== "maybe-reply");
    const deadline = Date.now() + 30_000;
    for (const frame of expecting) {
      const reply = await peer.reply(frame.id, Math.max(1, deadline - Date.now())).catch(() => undefined);
      if (reply) report.answered += 1;
      const problem = judgeReply(frame, reply);
      if (problem && report.wrong.length < 20) report.wrong.push(problem);
    }
    if (report.wrong.length >= 20) break;
  }
  // Replies to frames without a usable id must be parse or invalid-request errors, nothing else.
  for (const message of peer.messages) {
    if (message.id === null && !(message.error && [-32700, -32600].includes(message.error.code))) {
      report.wrong.push(`reply with id null that is not a parse/invalid-request error: ${JSON.stringify(message).slice(0, 160)}`);
    }
  }
  return report;
}
