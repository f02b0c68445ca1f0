// Shared by the agent-framework tests: a NodeClientManager over two real stdio servers
// (server-everything and server-memory), with an approval gateway in `ask` mode that records
// every request and refuses the memory server's writes.
import path from "node:path";
import { ApprovalGateway, type ApprovalRequest, type HostEvent } from "../../src/index";
import { NodeClientManager } from "../../src/node";
import { everythingEntry, makeTempDir, memoryEntry } from "../helpers";

export interface FrameworkFixture {
  manager: NodeClientManager;
  asked: ApprovalRequest[];
  events: HostEvent[];
  memoryFile: string;
}

export async function startFixture(): Promise<FrameworkFixture> {
  const asked: ApprovalRequest[] = [];
  const events: HostEvent[] = [];
  const memoryFile = path.join(makeTempDir("cm-frameworks-"), "memory.jsonl");
  const node = process.execPath;
  const manager = new NodeClientManager({
    config: {
      servers: {
        everything: { transport: "stdio", command: node, args: [everythingEntry, "stdio"] },
        memory: { transport: "stdio", command: node, args: [memoryEntry], env: { MEMORY_FILE_PATH: memoryFile } },
      },
    },
    approval: new ApprovalGateway({ mode: "ask", ask: (request) => (asked.push(request), request.server !== "memory") }),
  });
  manager.on("event", (event) => events.push(event));
  await manager.start();
  for (const server of ["everything", "memory"]) if (!(await manager.waitForConnected(server, 20_000))) throw new Error(`${server} did not connect: ${JSON.stringify(manager.status())}`);
  return { manager, asked, events, memoryFile };
}

/** Resolves when the manager has started a call of `hostName`. */
export function callStarted(fixture: FrameworkFixture, hostName: string): Promise<void> {
  return new Promise((resolve) => {
    const stop = fixture.manager.on("call_started", (event) => {
      if (event.type === "call_started" && event.hostName === hostName) {
        stop();
        resolve();
      }
    });
  });
}
