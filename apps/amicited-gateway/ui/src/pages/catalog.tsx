// Catalog: the toolsets with their tools counted by kind, a search box over the real
// search_tools ranking (hits in order, matchedIn, kind, score; for a workspace chosen beside it,
// the ranking that workspace's tokens get, its own learned words included), and "what the model sees": the
// tools/list tokens of the base tools, of the toolsets ticked here (?toolsets=…), and of all.
// Beside a tool, how many requests search learned for it (a link to them on the Learned page).
import { useEffect, useState } from "preact/hooks";
import { api } from "../api";
import { formatNumber, KindBadge, Loaded, useApi } from "../parts/load";
import type { CatalogOverview, LearnedPage, SearchPage, SurfaceCost, WorkspaceSummary } from "../types";

function SearchBox() {
  const address = new URLSearchParams(location.hash.split("?")[1] ?? "");
  const [query, setQuery] = useState(address.get("q") ?? "");
  // "" ranks with nothing a workspace learned for itself; a name, as that workspace's tokens see it.
  const [workspace, setWorkspace] = useState(address.get("workspace") ?? "");
  const workspaces = useApi(() => api.get<WorkspaceSummary[]>("workspaces"), []);
  const [page, setPage] = useState<SearchPage & { query: string; workspace: string }>();
  const [error, setError] = useState<string>();
  const run = async (text: string, forWorkspace: string) => {
    setError(undefined);
    const params = new URLSearchParams({ q: text, limit: "10", ...(forWorkspace ? { workspace: forWorkspace } : {}) });
    try {
      setPage({ ...(await api.get<SearchPage>(`search?${params}`)), query: text, workspace: forWorkspace });
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  useEffect(() => void (query && run(query, workspace)), []);
  return (
    <section aria-labelledby="search-title">
      <h2 id="search-title">Search, as an agent would</h2>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void run(query, workspace);
        }}
      >
        <label for="search">Plain-words request</label>
        <div class="row">
          <input id="search" type="search" placeholder="is the site down" value={query} onInput={(event) => setQuery(event.currentTarget.value)} />
          <button type="submit">Search</button>
        </div>
        <div class="row wrap small">
          <label for="search-workspace">Rank as workspace</label>
          <select
            id="search-workspace"
            value={workspace}
            onChange={(event) => {
              setWorkspace(event.currentTarget.value);
              if (page) void run(query, event.currentTarget.value);
            }}
          >
            <option value="">none</option>
            {(workspaces.value ?? []).map((entry) => (
              <option value={entry.name}>{entry.name}</option>
            ))}
          </select>
          <span class="muted">its tokens also rank with the words its own agents taught (Learned)</span>
        </div>
      </form>
      {error && <p role="alert" class="error">{error}</p>}
      {page && (
        <>
          <p class="muted" aria-live="polite">
            {formatNumber(page.paging.total)} tools match “{page.query}”; the first {page.results.length} in search_tools' order
            {page.workspace ? ` for workspace ${page.workspace}` : ""}:
          </p>
          <ol class="hits" aria-label="Search results">
            {page.results.map((hit) => (
              <li class="hit" data-tool={hit.name}>
                <a href={`#/tools/${encodeURIComponent(hit.name)}`}>
                  <code>{hit.name}</code>
                </a>{" "}
                <KindBadge kind={hit.kind} /> <span class="muted">{hit.toolset}</span>
                <div>{hit.summary}</div>
                <div class="muted small">
                  matched in: <span class="matched">{hit.matchedIn.join(", ") || "—"}</span> · score {hit.score.toFixed(2)}
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function ModelView({ catalog }: { catalog: CatalogOverview }) {
  const [ticked, setTicked] = useState<string[]>([]);
  const [chosen, setChosen] = useState<SurfaceCost>(catalog.surface.base);
  useEffect(() => {
    // A reply to an earlier choice may arrive after the latest one's: only the latest is shown.
    let latest = true;
    void api.get<SurfaceCost>(`surface?toolsets=${ticked.join(",")}`).then((cost) => latest && setChosen(cost));
    return () => void (latest = false);
  }, [ticked.join(",")]);
  const toggle = (name: string) => setTicked((now) => (now.includes(name) ? now.filter((item) => item !== name) : [...now, name]));
  const { base, all } = catalog.surface;
  return (
    <section aria-labelledby="sees-title">
      <h2 id="sees-title">What the model sees</h2>
      <p class="muted">Tokens of the tools/list a connection gets. Tick toolsets to pin them with <code>?toolsets=</code>.</p>
      <dl class="figures">
        <div>
          <dt>Base tools only (/mcp)</dt>
          <dd id="tokens-base">{formatNumber(base.tokens)} tokens · {base.tools} tools</dd>
        </div>
        <div>
          <dt>
            Your choice <code>/mcp?toolsets={ticked.join(",")}</code>
          </dt>
          <dd id="tokens-chosen" aria-live="polite">
            {formatNumber(chosen.tokens)} tokens · {chosen.tools} tools
          </dd>
        </div>
        <div>
          <dt>All (?toolsets=all)</dt>
          <dd id="tokens-all">{formatNumber(all.tokens)} tokens · {all.tools} tools</dd>
        </div>
      </dl>
      <fieldset class="ticks">
        <legend>Pin toolsets</legend>
        {catalog.toolsets.map((toolset) => (
          <label>
            <input type="checkbox" name="toolset" value={toolset.name} checked={ticked.includes(toolset.name)} onChange={() => toggle(toolset.name)} /> {toolset.name}
          </label>
        ))}
      </fieldset>
    </section>
  );
}

function Toolsets({ catalog, learned }: { catalog: CatalogOverview; learned: Map<string, number> }) {
  return (
    <section aria-labelledby="toolsets-title">
      <h2 id="toolsets-title">
        {catalog.toolsets.length} toolsets, {formatNumber(catalog.tools)} tools
      </h2>
      <div class="scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Toolset</th>
              <th scope="col">Tools</th>
              {catalog.kinds.map((kind) => (
                <th scope="col">{kind}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {catalog.toolsets.map((toolset) => (
              <tr data-toolset={toolset.name}>
                <th scope="row">
                  <details>
                    <summary>
                      {toolset.title} <code>{toolset.name}</code>
                    </summary>
                    <p class="muted">{toolset.description}</p>
                    <ul class="tool-list">
                      {toolset.tools.map((tool) => (
                        <li>
                          <a href={`#/tools/${encodeURIComponent(tool.name)}`}>{tool.name}</a> <KindBadge kind={tool.kind} />
                          {learned.has(tool.name) && (
                            <>
                              {" "}
                              <a class="learned-count small" href={`#/learned?tool=${encodeURIComponent(tool.name)}`}>
                                {formatNumber(learned.get(tool.name)!)} learned
                              </a>
                            </>
                          )}
                        </li>
                      ))}
                    </ul>
                  </details>
                </th>
                <td>{toolset.total}</td>
                {catalog.kinds.map((kind) => (
                  <td>{toolset.kinds[kind]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function CatalogPage() {
  const catalog = useApi(() => api.get<CatalogOverview>("catalog"), []);
  // Counts only: a page of one row carries every tool's count. Without them the catalog still shows.
  const learned = useApi(() => api.get<LearnedPage>("learned?limit=1").catch(() => undefined), []);
  return (
    <>
      <h1>Catalog</h1>
      <SearchBox />
      <Loaded state={catalog}>
        {(value) => (
          <>
            <ModelView catalog={value} />
            <Toolsets catalog={value} learned={new Map((learned.value?.tools ?? []).map((entry) => [entry.tool, entry.count]))} />
          </>
        )}
      </Loaded>
    </>
  );
}
