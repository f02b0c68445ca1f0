// Workspaces and tokens: create a workspace (with demo data, as `workspace create` does), issue a
// read or write token (shown once), list tokens by label, scope, created and last use, revoke one.
import { useState } from "preact/hooks";
import { api } from "../api";
import { HeadRow, formatNumber, formatTime, Loaded, useApi } from "../parts/load";
import type { TokenRow, WorkspaceSummary } from "../types";
import { OAuthGrants } from "../parts/oauth-grants";

function ShownOnce({ title, tokens }: { title: string; tokens: [string, string][] }) {
  return (
    <div class="once" role="status">
      <strong>{title}</strong> — copy now; it is stored only as a hash and never shown again.
      {tokens.map(([label, token]) => (
        <p>
          <label>
            {label} <input class="secret" readOnly value={token} onFocus={(event) => event.currentTarget.select()} />
          </label>
        </p>
      ))}
    </div>
  );
}

function Tokens({ workspace }: { workspace: string }) {
  const tokens = useApi(() => api.get<TokenRow[]>(`workspaces/${encodeURIComponent(workspace)}/tokens`), [workspace]);
  const [label, setLabel] = useState("");
  const [scope, setScope] = useState<"read" | "write">("read");
  const [issued, setIssued] = useState<{ label: string; token: string }>();
  const [confirming, setConfirming] = useState<number>();
  const [error, setError] = useState<string>();
  const act = async (work: () => Promise<void>) => {
    setError(undefined);
    try {
      await work();
      tokens.reload();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  const issue = (event: Event) => {
    event.preventDefault();
    void act(async () => {
      const answer = await api.post<{ label: string; token: string }>(`workspaces/${encodeURIComponent(workspace)}/tokens`, { label, scope });
      setIssued(answer);
      setLabel("");
    });
  };
  const revoke = (id: number) =>
    void act(async () => {
      await api.delete(`workspaces/${encodeURIComponent(workspace)}/tokens/${id}`);
      setConfirming(undefined);
    });
  return (
    <section aria-labelledby="tokens-title">
      <h2 id="tokens-title">Tokens of {workspace}</h2>
      <form class="row wrap" onSubmit={issue} aria-label="Issue a token">
        <label>
          Label <input id="token-label" required maxLength={80} value={label} onInput={(event) => setLabel(event.currentTarget.value)} />
        </label>
        <label>
          Scope{" "}
          <select id="token-scope" value={scope} onChange={(event) => setScope(event.currentTarget.value as "read" | "write")}>
            <option value="read">read</option>
            <option value="write">write</option>
          </select>
        </label>
        <button type="submit">Issue token</button>
      </form>
      {issued && <ShownOnce title={`Token “${issued.label}”`} tokens={[["token", issued.token]]} />}
      {error && <p role="alert" class="error">{error}</p>}
      <Loaded state={tokens}>
        {(rows) => (
          <div class="scroll">
            <table id="tokens">
              <HeadRow columns={["Label", "Scope", "Created", "Last used", "Status"]} />
              <tbody>
                {rows.map((row) => (
                  <tr data-token-id={row.id} data-label={row.label}>
                    <td>{row.label}</td>
                    <td>{row.scope}</td>
                    <td>{formatTime(row.created_at)}</td>
                    <td class="last-used">{formatTime(row.last_used_at)}</td>
                    <td>
                      {row.revoked_at ? (
                        <span class="muted">revoked {formatTime(row.revoked_at)}</span>
                      ) : confirming === row.id ? (
                        <>
                          <button type="button" class="danger" onClick={() => revoke(row.id)}>
                            Confirm revoke
                          </button>{" "}
                          <button type="button" class="quiet" onClick={() => setConfirming(undefined)}>
                            Keep
                          </button>
                        </>
                      ) : (
                        <button type="button" aria-label={`Revoke ${row.label}`} onClick={() => setConfirming(row.id)}>
                          Revoke
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Loaded>
    </section>
  );
}

export function WorkspacesPage({ workspace }: { workspace?: string }) {
  const workspaces = useApi(() => api.get<WorkspaceSummary[]>("workspaces"), []);
  const [name, setName] = useState("");
  const [created, setCreated] = useState<{ workspace: string; readToken: string; writeToken: string }>();
  const [error, setError] = useState<string>();
  const create = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    try {
      setCreated(await api.post(`workspaces`, { name }));
      setName("");
      workspaces.reload();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  return (
    <>
      <h1>Workspaces and tokens</h1>
      <form class="row wrap" onSubmit={create} aria-label="Create a workspace">
        {/* The pattern mirrors workspace-store's WORKSPACE_NAME_RULE (isWorkspaceName), which the browser
            bundle cannot import: change both together. The server's refusal stays the authority. */}
        <label>
          New workspace <input id="workspace-name" required pattern="[a-z0-9][a-z0-9-]{0,39}" value={name} onInput={(event) => setName(event.currentTarget.value)} />
        </label>
        <button type="submit">Create workspace</button>
      </form>
      {error && <p role="alert" class="error">{error}</p>}
      {created && (
        <ShownOnce
          title={`Workspace ${created.workspace}`}
          tokens={[
            ["read token", created.readToken],
            ["write token", created.writeToken],
          ]}
        />
      )}
      <Loaded state={workspaces}>
        {(list) => {
          const chosen = workspace ?? list[0]?.name;
          return (
            <>
              <div class="scroll">
                <table id="workspaces">
                  <HeadRow columns={["Workspace", "Plan", "Credits", "Live tokens", "Calls this hour"]} />
                  <tbody>
                    {list.map((row) => (
                      <tr data-workspace={row.name}>
                        <th scope="row">
                          <a href={`#/workspaces/${encodeURIComponent(row.name)}`} aria-current={row.name === chosen ? "true" : undefined}>
                            {row.name}
                          </a>
                        </th>
                        <td>{row.plan}</td>
                        <td>{formatNumber(row.credits)}</td>
                        <td>{row.tokens}</td>
                        <td>{row.calls_this_hour ?? "—"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {chosen && <Tokens workspace={chosen} />}
              {chosen && <OAuthGrants workspace={chosen} />}
            </>
          );
        }}
      </Loaded>
    </>
  );
}
