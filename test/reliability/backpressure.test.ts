// Regression (issue 15, item 8): stdio servers queued replies without bound for a client that
// does not read (4 MB of garbage lines grew each to ~2 GB) and the gateway's --stdio kept
// running for minutes after its client exited and after SIGTERM. Each server must stop reading
// while its output is not draining, stay small, and exit when its client goes or on SIGTERM.
import { afterAll, describe, expect, it } from "vitest";
import { cleanupTemporaryDirs, foundryServer, foyaBin, gatewayBin, initGateway, temporaryDir } from "./support/programs";
import { peakWhileStalled, startUnread, type UnreadServer } from "./support/unread-client";

const GARBAGE = "this is not json\n".repeat(256 * 1024); // 4.25 MB, one -32700 reply per line
const RSS_LIMIT = 300 * 1024 * 1024;

afterAll(cleanupTemporaryDirs);

interface Program {
  name: string;
  start: () => UnreadServer;
}

function programs(): Program[] {
  const gateway = initGateway();
  const foyaHome = temporaryDir("unread-foya");
  return [
    { name: "foundry-server", start: () => startUnread(process.execPath, [foundryServer, "--root", temporaryDir("unread-foundry")]) },
    {
      name: "amicited-gateway --stdio",
      start: () => startUnread(process.execPath, [gatewayBin, "serve", "--stdio", "--data", gateway.data], { ...process.env, AMICITED_TOKEN: gateway.workspace.writeToken }),
    },
    { name: "foya serve", start: () => startUnread(process.execPath, [foyaBin, "serve"], { ...process.env, FOYA_HOME: foyaHome }) },
  ];
}

async function exitsWithin(server: UnreadServer, timeoutMs: number): Promise<number | string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still running ${timeoutMs} ms later: ${server.stderr()}`)), timeoutMs);
  });
  try {
    return await Promise.race([server.exited, late]);
  } finally {
    clearTimeout(timer);
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
  }
}

describe("a client that never reads", () => {
  for (const program of programs()) {
    it(`${program.name}: stops reading, stays under 300 MiB, exits when the client goes`, { timeout: 120_000 }, async () => {
      const server = program.start();
      server.child.stdin!.write(GARBAGE);
      const peak = await peakWhileStalled(server, RSS_LIMIT);
      expect(peak).toBeLessThan(RSS_LIMIT);
      // The client exits: both pipes close. The server's next write fails and it ends.
      server.child.stdin!.destroy();
      server.child.stdout!.destroy();
      await exitsWithin(server, 15_000);
    });

    it(`${program.name}: exits on SIGTERM while its output is blocked`, { timeout: 120_000 }, async () => {
      const server = program.start();
      server.child.stdin!.write(GARBAGE);
      await peakWhileStalled(server, RSS_LIMIT);
      server.child.kill("SIGTERM");
      await exitsWithin(server, 15_000);
    });
  }
});
