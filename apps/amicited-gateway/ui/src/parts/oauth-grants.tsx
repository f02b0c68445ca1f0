// The OAuth grants of a workspace beside its static tokens: which client a person approved, with
// what scope, when, its last use, and revoke (its access and refresh tokens die at once).
import { useState } from "preact/hooks";
import { api } from "../api";
import { HeadRow, formatTime, Loaded, useApi } from "./load";

interface GrantRow {
  id: number;
  client_id: string;
  client_name: string;
  scope: "read" | "write";
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export function OAuthGrants({ workspace }: { workspace: string }) {
  const grants = useApi(() => api.get<GrantRow[]>(`workspaces/${encodeURIComponent(workspace)}/grants`), [workspace]);
  const [error, setError] = useState<string>();
  const revoke = async (id: number) => {
    setError(undefined);
    try {
      await api.delete(`workspaces/${encodeURIComponent(workspace)}/grants/${id}`);
      grants.reload();
    } catch (caught) {
      setError((caught as Error).message);
    }
  };
  return (
    <section aria-labelledby="grants-title">
      <h2 id="grants-title">OAuth clients of {workspace}</h2>
      <p class="muted small">Clients a person approved on the gateway's consent page (Claude Code, connectors, the Inspector).</p>
      {error && <p role="alert" class="error">{error}</p>}
      <Loaded state={grants}>
        {(rows) => (
          <div class="scroll">
            <table id="grants">
              <HeadRow columns={["Client", "Scope", "Approved", "Status"]} />
              <tbody>
                {rows.map((row) => (
                  <tr data-grant-id={row.id}>
                    <td title={row.client_id}>{row.client_name}</td>
                    <td>{row.scope}</td>
                    <td>{formatTime(row.created_at)}</td>
                    <td>
                      {row.revoked_at ? (
                        <span class="muted">revoked {formatTime(row.revoked_at)}</span>
                      ) : (
                        <button type="button" class="danger" aria-label={`Revoke ${row.client_name}`} onClick={() => void revoke(row.id)}>
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
