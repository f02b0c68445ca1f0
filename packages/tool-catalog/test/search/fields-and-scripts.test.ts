import { describe, expect, it } from "vitest";
import { ToolCatalog, type JsonSchemaObject, type SearchOptions } from "../../src/index";

const noop = { type: "object" } as const;

function catalogOf(tools: Array<{ name: string; description: string; inputSchema?: JsonSchemaObject; toolset?: string }>, toolsets = [{ name: "svc", prefix: "svc_", title: "Service", description: "Tools of one service." }], search: SearchOptions = {}): ToolCatalog {
  const catalog = new ToolCatalog({ search });
  for (const toolset of toolsets) catalog.defineToolset(toolset);
  for (const tool of tools) catalog.register({ name: tool.name, toolset: tool.toolset ?? "svc", kind: "read", description: tool.description, inputSchema: tool.inputSchema ?? noop, handler: () => null });
  return catalog;
}

const namesFor = async (catalog: ToolCatalog, query: string) => (await catalog.search({ query })).results.map((result) => result.name);

describe("word segmentation for scripts without spaces", () => {
  const catalog = catalogOf([
    { name: "svc_get_weather_forecast", description: "获取指定城市未来几天的天气预报。" },
    { name: "svc_read_file", description: "ファイルの内容を読み込みます。" },
    { name: "svc_send_mail", description: "向指定的收件人发送电子邮件。" },
  ]);

  it("finds a tool described in Chinese from a Chinese request that shares only some of its words", async () => {
    expect((await namesFor(catalog, "天气预报"))[0]).toBe("svc_get_weather_forecast");
    expect((await namesFor(catalog, "发送邮件给同事"))[0]).toBe("svc_send_mail");
  });

  it("finds a tool described in Japanese from a Japanese request", async () => {
    expect((await namesFor(catalog, "ファイルを読み込み"))[0]).toBe("svc_read_file");
  });

  it("finds a tool whose name is English and description is not, from an English request", async () => {
    expect((await namesFor(catalog, "what is the weather forecast for Berlin"))[0]).toBe("svc_get_weather_forecast");
    expect((await namesFor(catalog, "read a file"))[0]).toBe("svc_read_file");
    const weather = (await catalog.search({ query: "天气" })).results[0]!;
    expect(weather.matchedIn).toEqual(["description"]);
  });
});

describe("letters written out as typed on an English keyboard", () => {
  it("finds a tool described with ß, ø or æ from a request typing ss, o or ae, and the other way round", async () => {
    const catalog = catalogOf([
      { name: "svc_lookup_address", description: "Sucht die Postleitzahl zu Straße und Hausnummer." },
      { name: "svc_ferry_times", description: "Færgetider til Ærø og Fanø." },
      { name: "svc_list_zones", description: "Lists delivery zones by postcode." },
    ]);
    expect((await namesFor(catalog, "postleitzahl strasse"))[0]).toBe("svc_lookup_address");
    expect(await namesFor(catalog, "aero")).toEqual(["svc_ferry_times"]);
    expect(await namesFor(catalog, "Fano")).toEqual(["svc_ferry_times"]);
    // Without typo tolerance only the folding meets them.
    const exact = catalogOf([{ name: "svc_lookup_address", description: "Sucht die Postleitzahl zu Straße und Hausnummer." }], undefined, { fuzzy: false });
    expect(await namesFor(exact, "strasse")).toEqual(["svc_lookup_address"]);
  });
});

describe("indexed fields", () => {
  it("indexes parameter names split into words (a request naming what it gives finds the tool taking it)", async () => {
    const catalog = catalogOf([
      { name: "svc_find_trips", description: "Finds trips.", inputSchema: { type: "object", properties: { departureCity: { type: "string" }, travel_date: { type: "string" } } } },
      { name: "svc_find_hotels", description: "Finds hotels.", inputSchema: { type: "object", properties: { location: { type: "string" } } } },
    ]);
    const [first] = (await catalog.search({ query: "departure city and travel date" })).results;
    expect(first?.name).toBe("svc_find_trips");
    expect(first?.matchedIn).toEqual(["parameters"]);
  });

  it("splits a tool's name into words (camelCase, snake_case, dotted)", async () => {
    const catalog = catalogOf([
      { name: "svc_Movies.FindMovies", description: "Searches." },
      { name: "svc_Movies.BuyTickets", description: "Purchases." },
    ]);
    expect((await namesFor(catalog, "find movies"))[0]).toBe("svc_Movies.FindMovies");
    expect((await catalog.search({ query: "tickets" })).results[0]?.matchedIn).toEqual(["name"]);
  });

  it("indexes the toolset's description as a field of its tools", async () => {
    const catalog = catalogOf(
      [
        { name: "pay_list_items", toolset: "pay", description: "Lists items." },
        { name: "crm_list_items", toolset: "crm", description: "Lists items." },
      ],
      [
        { name: "pay", prefix: "pay_", title: "Pay", description: "Invoices and refunds." },
        { name: "crm", prefix: "crm_", title: "CRM", description: "Contacts and deals." },
      ],
    );
    const [first] = (await catalog.search({ query: "list refunds" })).results;
    expect(first?.name).toBe("pay_list_items");
    expect(first?.matchedIn).toContain("toolset");
  });
});
