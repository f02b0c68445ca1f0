// Resources and prompts on request (SPEC §3): listed per server, read by URI, rendered with
// arguments. Results name their source; nothing here is injected into model requests.
import type { CompleteRequest, CompleteResult } from "@modelcontextprotocol/sdk/types.js";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";
import type { HostPrompt, HostResource, HostResourceTemplate, PromptResult, ResourceReadResult } from "../registry/types";
import type { ServerSession } from "./server-session";

type SessionLookup = (server: string) => ServerSession;

function pick<T extends object>(source: Record<string, unknown>, keys: string[]): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out as Partial<T>;
}

/** Resource and prompt access over the manager's connected sessions. */
export class ServerContent {
  constructor(
    private readonly lookup: SessionLookup,
    private readonly timeoutFor: (server: string) => number,
  ) {}

  private client(server: string) {
    const client = this.lookup(server).client;
    if (!client) throw new Error(`Server "${server}" is not connected`);
    return { client, options: { timeout: this.timeoutFor(server) } };
  }

  private async each<T>(server: string | undefined, connected: string[], list: (name: string) => Promise<T[]>): Promise<T[]> {
    if (server !== undefined) return list(server);
    // Across servers, one failing server must not hide the others' items.
    const results = await Promise.all(connected.map((name) => list(name).catch((_error: ClientManagerError) => [] as T[])));
    return results.flat();
  }

  listResources(server: string | undefined, connected: string[]): Promise<HostResource[]> {
    return this.each(server, connected, async (name) => {
      const { client, options } = this.client(name);
      if (!client.getServerCapabilities()?.resources) return [];
      const items: HostResource[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listResources(cursor === undefined ? {} : { cursor }, options);
        for (const resource of page.resources) {
          items.push({ server: name, uri: resource.uri, name: resource.name, ...pick<HostResource>(resource, ["title", "description", "mimeType"]) });
        }
        cursor = page.nextCursor;
      } while (cursor);
      return items;
    });
  }

  /** Resource templates (RFC 6570 `uriTemplate`s) of one server, or of every connected one. */
  listResourceTemplates(server: string | undefined, connected: string[]): Promise<HostResourceTemplate[]> {
    return this.each(server, connected, async (name) => {
      const { client, options } = this.client(name);
      if (!client.getServerCapabilities()?.resources) return [];
      const items: HostResourceTemplate[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listResourceTemplates(cursor === undefined ? {} : { cursor }, options);
        for (const template of page.resourceTemplates) {
          items.push({ server: name, uriTemplate: template.uriTemplate, name: template.name, ...pick<HostResourceTemplate>(template, ["title", "description", "mimeType"]) });
        }
        cursor = page.nextCursor;
      } while (cursor);
      return items;
    });
  }

  /** Subscribes to (or unsubscribes from) one resource's updates; the server must declare `resources.subscribe`. */
  async setSubscription(server: string, uri: string, subscribed: boolean): Promise<void> {
    const { client, options } = this.client(server);
    if (client.getServerCapabilities()?.resources?.subscribe !== true) {
      throw new ClientManagerError(ClientManagerErrorCode.CAPABILITY_MISSING, `Server "${server}" does not support resource subscriptions (no resources.subscribe capability)`, { server });
    }
    if (subscribed) await client.subscribeResource({ uri }, options);
    else await client.unsubscribeResource({ uri }, options);
  }

  async readResource(server: string, uri: string): Promise<ResourceReadResult> {
    const { client, options } = this.client(server);
    const result = await client.readResource({ uri }, options);
    const contents = result.contents as ResourceReadResult["contents"];
    const mimeType = contents.find((item) => item.mimeType)?.mimeType;
    return { server, uri, ...(mimeType === undefined ? {} : { mimeType }), contents };
  }

  listPrompts(server: string | undefined, connected: string[]): Promise<HostPrompt[]> {
    return this.each(server, connected, async (name) => {
      const { client, options } = this.client(name);
      if (!client.getServerCapabilities()?.prompts) return [];
      const items: HostPrompt[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listPrompts(cursor === undefined ? {} : { cursor }, options);
        for (const prompt of page.prompts) items.push({ server: name, name: prompt.name, ...pick<HostPrompt>(prompt, ["title", "description", "arguments"]) });
        cursor = page.nextCursor;
      } while (cursor);
      return items;
    });
  }

  async getPrompt(server: string, name: string, args?: Record<string, string>): Promise<PromptResult> {
    const { client, options } = this.client(server);
    const result = await client.getPrompt({ name, ...(args ? { arguments: args } : {}) }, options);
    return {
      server,
      name,
      ...(result.description === undefined ? {} : { description: result.description }),
      messages: result.messages as PromptResult["messages"],
    };
  }

  /** Argument completions of one server's prompt or resource template; the server must declare `completions`. */
  async complete(server: string, params: CompleteRequest["params"]): Promise<CompleteResult> {
    const { client, options } = this.client(server);
    if (client.getServerCapabilities()?.completions === undefined) {
      throw new ClientManagerError(ClientManagerErrorCode.CAPABILITY_MISSING, `Server "${server}" does not offer completions (no completions capability)`, { server });
    }
    return client.complete(params, options);
  }
}
