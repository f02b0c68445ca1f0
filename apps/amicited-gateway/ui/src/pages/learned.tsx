// Learned requests: the words agents searched with and the tool they then chose, which tool search
// learned (decision 0055), newest first, filtered by workspace and tool and paged; each can be
// forgotten, or every one the filter shows. A forget reaches every gateway instance at its next
// poll and this one before the answer, so the page reloads to what ranking now uses. Above the list,
// "Search in use" (parts/search-in-use.tsx): per day, how often agents chose the first hit.
import { useState } from "preact/hooks";
import { api } from "../api";
import { HeadRow, formatNumber, formatTime, Loaded, useApi } from "../parts/load";
import { SearchInUse } from "../parts/search-in-use";
import type { LearnedPage, WorkspaceSummary } from "../types";

const PAGE = 50;

/** The filter in the page's address: #/learned?workspace=…&tool=… */
function filterOf(query: string): { workspace: string; tool: string } {
  const params = new URLSearchParams(query);
  return { workspace: params.get("workspace") ?? "", tool: params.get("tool") ?? "" };
}

// The filter's chosen parts only: "all" sends no parameter (the API refuses an empty workspace).
const chosenOf = (filter: { workspace: string; tool: string }) => Object.entries(filter).filter(([, value]) => value !== "");

function addressOf(filter: { workspace: string; tool: string }): string {
  const params = new URLSearchParams(chosenOf(filter));
  return `#/learned${params.size > 0 ? `?${params}` : ""}`;
}

export function LearnedPage({ query }: { query: string }) {
  const filter = filterOf(query);
  const [offset, setOffset] = useState(0);
  const [confirmingAll, setConfirmingAll] = useState(false);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<string>();
  // Counts forgets made here, so "Search in use" counts again without the forgotten rows.
  const [forgets, setForgets] = useState(0);
  const params = new URLSearchParams([...chosenOf(filter), ["limit", String(PAGE)], ["offset", String(offset)]]);
  const learned = useApi(() => api.get<LearnedPage>(`learned?${params}`), [params.toString()]);
  const workspaces = useApi(() => api.get<WorkspaceSummary[]>("workspaces"), []);
  const choose = (change: Partial<typeof filter>) => {
    setOffset(0);
    setConfirmingAll(false);
    location.hash = addressOf({ ...filter, ...change });
  };
  const act = async (path: string, what: string) => {
    setError(undefined);
    try {
      const { forgotten } = await api.delete<{ forgotten: number }>(path);
      setStatus(`Forgot ${formatNumber(forgotten)} ${what}.`);
      setConfirmingAll(false);
      setForgets(forgets + 1);
      learned.reload();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  const selection = new URLSearchParams(chosenOf(filter)).toString();
  return (
    <>
      <h1>Learned requests</h1>
      <p class="muted">
        Words agents searched with, kept for the tool they then chose: tool search ranks that tool higher for them in the searches of the workspace that
        taught them (of every workspace when the gateway serves with <code>--shared-learning</code>). Forget one, or all the filter shows; every gateway
        instance drops them at its next poll.
      </p>
      <form class="row wrap" aria-label="Filter learned requests" onSubmit={(event) => event.preventDefault()}>
        <label>
          Workspace{" "}
          <select id="learned-workspace" value={filter.workspace} onChange={(event) => choose({ workspace: event.currentTarget.value })}>
            <option value="">all</option>
            {(workspaces.value ?? []).map((workspace) => (
              <option value={workspace.name}>{workspace.name}</option>
            ))}
          </select>
        </label>
        <label>
          Tool{" "}
          <select id="learned-tool" value={filter.tool} onChange={(event) => choose({ tool: event.currentTarget.value })}>
            <option value="">all</option>
            {filter.tool !== "" && !(learned.value?.tools ?? []).some((entry) => entry.tool === filter.tool) && <option value={filter.tool}>{filter.tool}</option>}
            {(learned.value?.tools ?? []).map((entry) => (
              <option value={entry.tool}>
                {entry.tool} ({formatNumber(entry.count)})
              </option>
            ))}
          </select>
        </label>
      </form>
      <SearchInUse workspace={filter.workspace} refresh={forgets} />
      {error && <p role="alert" class="error">{error}</p>}
      {status && <p role="status">{status}</p>}
      <Loaded state={learned}>
        {(page) => (
          <section aria-labelledby="learned-title">
            <h2 id="learned-title">
              <span id="learned-total">{formatNumber(page.total)}</span> learned {page.total === 1 ? "request" : "requests"}
            </h2>
            {page.total > 0 &&
              (confirmingAll ? (
                <p class="row wrap">
                  Forget all {formatNumber(page.total)} shown by this filter?
                  <button type="button" class="danger" onClick={() => void act(`learned${selection ? `?${selection}` : ""}`, "requests")}>
                    Confirm forget
                  </button>
                  <button type="button" class="quiet" onClick={() => setConfirmingAll(false)}>
                    Cancel
                  </button>
                </p>
              ) : (
                <button type="button" class="danger" onClick={() => setConfirmingAll(true)}>
                  Forget all {formatNumber(page.total)}
                </button>
              ))}
            <div class="scroll">
              <table id="learned">
                <HeadRow columns={["Learned", "Workspace", "Tool", "Request", ""]} />
                <tbody>
                  {page.rows.map((row) => (
                    <tr data-learned-id={row.id}>
                      <td>{formatTime(row.learnedAt)}</td>
                      <td>{row.workspace}</td>
                      <td>
                        <a href={`#/tools/${encodeURIComponent(row.tool)}`}>
                          <code>{row.tool}</code>
                        </a>
                      </td>
                      <td class="request">{row.request}</td>
                      <td>
                        <button type="button" class="danger" aria-label={`Forget “${row.request.slice(0, 60)}”`} onClick={() => void act(`learned/${row.id}`, "request")}>
                          Forget
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {page.total > PAGE && (
              <nav class="row wrap" aria-label="Pages of learned requests">
                <button type="button" class="quiet" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
                  Newer
                </button>
                <span class="muted">
                  {formatNumber(offset + 1)}–{formatNumber(Math.min(offset + PAGE, page.total))} of {formatNumber(page.total)}
                </span>
                <button type="button" class="quiet" disabled={offset + PAGE >= page.total} onClick={() => setOffset(offset + PAGE)}>
                  Older
                </button>
              </nav>
            )}
          </section>
        )}
      </Loaded>
    </>
  );
}
