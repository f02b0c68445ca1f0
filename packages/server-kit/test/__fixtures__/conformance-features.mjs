// The fixture tools, resources and prompts the MCP conformance suite's server scenarios call
// (test_simple_text, test://static-text, test_simple_prompt, …), each as the scenario's own text
// describes it, on the SDK's low-level Server. No Foundry product server ships these; they exist
// so the suite can measure server-kit's edge (both eras, HTTP admission) on every scenario.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { ClientAsking, META_KEYS, ModernErrorCode, checkedRequest, unknownPrompt, unknownResource, unknownTool } from "../../dist/index.js";
import { INPUT_REQUIRED_PROMPTS, INPUT_REQUIRED_TOOLS } from "./conformance-input-required.mjs";

// A 1×1 red PNG and a 10-sample silent 8 kHz mono WAV.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const WAV = (() => {
  const samples = Buffer.alloc(20);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]).toString("base64");
})();

export const IDENTITY = {
  serverInfo: { name: "server-kit-conformance", version: "0.1.0" },
  capabilities: { tools: {}, resources: { subscribe: true }, prompts: {}, logging: {}, completions: {} },
  cacheHints: { "tools/list": { ttlMs: 60_000, cacheScope: "public" } },
};

const text = (value) => ({ content: [{ type: "text", text: value }] });
const noArgs = { type: "object", properties: {} };
const stringArg = (name, description) => ({ type: "object", properties: { [name]: { type: "string", description } }, required: [name] });
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const capabilitiesOf = (request) => request.params._meta?.[META_KEYS.clientCapabilities];
const contentText = (content) => (content.type === "text" ? content.text : JSON.stringify(content));
// One sealing key for the process: a retry may reach any Server this process builds.
const asking = new ClientAsking();

const TOOLS = {
  test_simple_text: [noArgs, async () => text("This is a simple text response for testing.")],
  test_image_content: [noArgs, async () => ({ content: [{ type: "image", data: PNG, mimeType: "image/png" }] })],
  test_audio_content: [noArgs, async () => ({ content: [{ type: "audio", data: WAV, mimeType: "audio/wav" }] })],
  test_embedded_resource: [noArgs, async () => ({ content: [{ type: "resource", resource: { uri: "test://embedded-resource", mimeType: "text/plain", text: "This is an embedded resource content." } }] })],
  test_multiple_content_types: [noArgs, async () => ({
    content: [
      { type: "text", text: "Multiple content types test:" },
      { type: "image", data: PNG, mimeType: "image/png" },
      { type: "resource", resource: { uri: "test://mixed-content-resource", mimeType: "application/json", text: JSON.stringify({ test: "data", value: 123 }) } },
    ],
  })],
  test_error_handling: [noArgs, async () => ({ isError: true, content: [{ type: "text", text: "This tool intentionally returns an error for testing" }] })],
  test_tool_with_logging: [noArgs, async (_request, extra) => {
    for (const [index, data] of ["Tool execution started", "Tool processing data", "Tool execution completed"].entries()) {
      if (index > 0) await pause(50);
      await extra.sendNotification({ method: "notifications/message", params: { level: "info", data } });
    }
    return text("Logging test completed");
  }],
  // Logs only at a level the 2026-07-28 request asked for; with none named, it sends nothing.
  test_logging_tool: [noArgs, async () => text("No log level was requested, so no log was sent")],
  test_tool_with_progress: [noArgs, async (request, extra) => {
    const progressToken = request.params._meta?.progressToken;
    for (const progress of [0, 50, 100]) {
      if (progress > 0) await pause(50);
      if (progressToken !== undefined) await extra.sendNotification({ method: "notifications/progress", params: { progressToken, progress, total: 100 } });
    }
    return text("Progress test completed");
  }],
  test_sampling: [stringArg("prompt", "The prompt to send to the LLM"), async (request, _extra, ask) => {
    const result = await ask.createMessage("prompt", { messages: [{ role: "user", content: { type: "text", text: request.params.arguments.prompt } }], maxTokens: 100 });
    return text(`LLM response: ${contentText(result.content)}`);
  }],
  test_elicitation: [stringArg("message", "The message to show the user"), async (request, _extra, ask) => {
    const requestedSchema = { type: "object", properties: { username: { type: "string", description: "User's response" }, email: { type: "string", description: "User's email address" } }, required: ["username", "email"] };
    const result = await ask.elicit("user_input", { message: request.params.arguments.message, requestedSchema });
    return text(`User response: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`);
  }],
  test_elicitation_sep1034_defaults: [noArgs, async (_request, _extra, ask) => elicitWith(ask, "Please review the defaults", {
    name: { type: "string", default: "John Doe" },
    age: { type: "integer", default: 30 },
    score: { type: "number", default: 95.5 },
    status: { type: "string", enum: ["active", "inactive", "pending"], default: "active" },
    verified: { type: "boolean", default: true },
  })],
  test_elicitation_sep1330_enums: [noArgs, async (_request, _extra, ask) => elicitWith(ask, "Please choose", {
    untitledSingle: { type: "string", enum: ["option1", "option2", "option3"] },
    titledSingle: { type: "string", oneOf: [{ const: "value1", title: "First Option" }, { const: "value2", title: "Second Option" }, { const: "value3", title: "Third Option" }] },
    legacyEnum: { type: "string", enum: ["opt1", "opt2", "opt3"], enumNames: ["Option One", "Option Two", "Option Three"] },
    untitledMulti: { type: "array", items: { type: "string", enum: ["option1", "option2", "option3"] } },
    titledMulti: { type: "array", items: { anyOf: [{ const: "value1", title: "First Choice" }, { const: "value2", title: "Second Choice" }, { const: "value3", title: "Third Choice" }] } },
  })],
  // A 2026-07-28 request must declare what the server will use: sampling, here.
  test_missing_capability: [noArgs, async (request) => {
    const declared = capabilitiesOf(request);
    if (declared && !declared.sampling) {
      throw new McpError(ModernErrorCode.MissingRequiredClientCapability, "Missing required client capability: sampling", { requiredCapabilities: { sampling: {} } });
    }
    return text("The client declared sampling");
  }],
  ...INPUT_REQUIRED_TOOLS,
};

async function elicitWith(ask, message, properties) {
  const result = await ask.elicit("form", { message, requestedSchema: { type: "object", properties } });
  return text(`Elicitation completed: action=${result.action}, content=${JSON.stringify(result.content ?? {})}`);
}

const RESOURCES = {
  "test://static-text": { name: "static-text", description: "A static text resource", mimeType: "text/plain", text: "This is the content of the static text resource." },
  "test://static-binary": { name: "static-binary", description: "A static binary resource (PNG)", mimeType: "image/png", blob: PNG },
  "test://watched-resource": { name: "watched-resource", description: "A resource one can subscribe to", mimeType: "text/plain", text: "Watched resource content." },
};
const TEMPLATE = /^test:\/\/template\/([^/]+)\/data$/;

const PROMPTS = {
  test_simple_prompt: { description: "A prompt without arguments", arguments: [], messages: () => [{ role: "user", content: { type: "text", text: "This is a simple prompt for testing." } }] },
  test_prompt_with_arguments: {
    description: "A prompt with two arguments",
    arguments: [{ name: "arg1", description: "First test argument", required: true }, { name: "arg2", description: "Second test argument", required: true }],
    messages: (args) => [{ role: "user", content: { type: "text", text: `Prompt with arguments: arg1='${args.arg1}', arg2='${args.arg2}'` } }],
  },
  test_prompt_with_embedded_resource: {
    description: "A prompt embedding a resource",
    arguments: [{ name: "resourceUri", description: "URI of the resource to embed", required: true }],
    messages: (args) => [
      { role: "user", content: { type: "resource", resource: { uri: args.resourceUri, mimeType: "text/plain", text: "Embedded resource content for testing." } } },
      { role: "user", content: { type: "text", text: "Please process the embedded resource above." } },
    ],
  },
  test_prompt_with_image: {
    description: "A prompt with an image",
    arguments: [],
    messages: () => [
      { role: "user", content: { type: "image", data: PNG, mimeType: "image/png" } },
      { role: "user", content: { type: "text", text: "Please analyze the image above." } },
    ],
  },
  ...INPUT_REQUIRED_PROMPTS,
};

/** A fresh Server with every fixture (one per session, or one per stateless request). */
export function createConformanceServer() {
  const server = new Server(IDENTITY.serverInfo, { capabilities: IDENTITY.capabilities });
  const subscriptions = new Set();
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: Object.entries(TOOLS).map(([name, [inputSchema]]) => ({ name, description: `Conformance fixture ${name}`, inputSchema })),
  }));
  // Every tool and prompt may ask the client (ClientAsking): real requests in 2025, input-required results in 2026-07-28.
  server.setRequestHandler(checkedRequest("tools/call", CallToolRequestSchema), asking.handler(server, async (request, extra, ask) => {
    const tool = TOOLS[request.params.name];
    if (!tool) throw unknownTool(request.params.name);
    return tool[1](request, extra, ask);
  }));
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: Object.entries(RESOURCES).map(([uri, { name, description, mimeType }]) => ({ uri, name, description, mimeType })),
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [{ uriTemplate: "test://template/{id}/data", name: "template", description: "Data by id", mimeType: "application/json" }],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params;
    const id = TEMPLATE.exec(uri)?.[1];
    if (id !== undefined) return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }) }] };
    const resource = RESOURCES[uri];
    if (!resource) throw unknownResource(uri);
    return { contents: [{ uri, mimeType: resource.mimeType, ...(resource.blob ? { blob: resource.blob } : { text: resource.text }) }] };
  });
  server.setRequestHandler(SubscribeRequestSchema, async (request) => (subscriptions.add(request.params.uri), {}));
  server.setRequestHandler(UnsubscribeRequestSchema, async (request) => (subscriptions.delete(request.params.uri), {}));
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: Object.entries(PROMPTS).map(([name, { description, arguments: args }]) => ({ name, description, arguments: args })),
  }));
  server.setRequestHandler(GetPromptRequestSchema, asking.handler(server, async (request, _extra, ask) => {
    const prompt = PROMPTS[request.params.name];
    if (!prompt) throw unknownPrompt(request.params.name);
    return { messages: await prompt.messages(request.params.arguments ?? {}, ask) };
  }));
  server.setRequestHandler(CompleteRequestSchema, async (request) => {
    const typed = request.params.argument.value;
    const values = ["paris", "park", "party", "test", "testing"].filter((value) => value.startsWith(typed));
    return { completion: { values, total: values.length, hasMore: false } };
  });
  return server;
}
