// The request handlers both ClientAsking tests run (2026-07-28 and 2025): each asks through the
// AskClient it is handed, nothing else. greet asks one question, two_steps two in a row,
// three_at_once three together, catches swallows every failure as an approval gate would.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, GetPromptRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { AskClient, ClientAsking, ServerIdentity } from "../../src/index";

export const identity: ServerIdentity = { serverInfo: { name: "asking", version: "1" }, capabilities: { tools: {}, prompts: {} } };
export const NAME = { type: "object" as const, properties: { name: { type: "string" as const } }, required: ["name"] };
const text = (value: string) => ({ content: [{ type: "text" as const, text: value }] });
const name = (ask: AskClient, key = "user_name") => ask.elicit(key, { message: "Your name?", requestedSchema: NAME });

export const TOOLS: Record<string, (ask: AskClient) => Promise<ReturnType<typeof text>>> = {
  greet: async (ask) => text(`Hello, ${(await name(ask)).content?.name}! (round ${ask.round})`),
  two_steps: async (ask) => {
    const first = await name(ask, "step1");
    const second = await ask.elicit("step2", { message: "Colour?", requestedSchema: { type: "object", properties: { color: { type: "string" } } } });
    return text(`${first.content?.name} likes ${second.content?.color}`);
  },
  three_at_once: async (ask) => {
    const [person, model, roots] = await Promise.all([name(ask), ask.createMessage("say", { messages: [{ role: "user", content: { type: "text", text: "Hi" } }], maxTokens: 5 }), ask.listRoots("roots")]);
    return text(`${person.content?.name} ${model.model} ${roots.roots.length}`);
  },
  // Like an approval gate that turns every failure into a refusal: the round still ends.
  catches: async (ask) => {
    try {
      return text(`approved: ${(await name(ask)).action}`);
    } catch {
      return text("refused");
    }
  },
};

export function server(asking: ClientAsking): Server {
  const created = new Server(identity.serverInfo, { capabilities: identity.capabilities });
  created.setRequestHandler(CallToolRequestSchema, asking.handler(created, async (request, _extra, ask) => TOOLS[request.params.name]!(ask)));
  created.setRequestHandler(GetPromptRequestSchema, asking.handler(created, async (_request, _extra, ask) => ({ messages: [{ role: "user" as const, content: { type: "text" as const, text: `for ${(await name(ask)).content?.name}` } }] })));
  created.setRequestHandler(ListToolsRequestSchema, asking.handler(created, async (_request, _extra, ask) => (await name(ask), { tools: [] })));
  return created;
}

