// Usage of one workspace: 48 hours of calls against the hourly cap, the calls counted this hour,
// top tools, refusals by code, and the credits balance with its ledger.
import { api } from "../api";
import { HourlyChart } from "../parts/hourly-chart";
import { HeadRow, formatNumber, formatTime, KindBadge, Loaded, useApi } from "../parts/load";
import type { Usage, WorkspaceSummary } from "../types";

/** The refusals a person asks about first, by the codes the gateway answers with. */
const REFUSAL_NAMES: Record<string, string> = {
  SCOPE_DENIED: "scope (read token, write tool)",
  KIND_NOT_ALLOWED: "scope (read_tool on a changing tool)",
  QUOTA_EXCEEDED: "hourly quota",
  INVALID_ARGUMENTS: "invalid arguments",
  UNKNOWN_TOOL: "unknown tool",
};

function UsageOf({ name }: { name: string }) {
  const usage = useApi(() => api.get<Usage>(`workspaces/${encodeURIComponent(name)}/usage`), [name]);
  return (
    <Loaded state={usage}>
      {(value) => {
        const total = value.hourly.reduce((sum, row) => sum + row.calls, 0);
        const codes = [...new Set([...Object.keys(REFUSAL_NAMES), ...value.refusals.map((row) => row.code)])];
        const count = (code: string) => value.refusals.find((row) => row.code === code)?.calls ?? 0;
        return (
          <>
            <dl class="figures">
              <div>
                <dt>Calls, last 48 h</dt>
                <dd id="calls-48h">{formatNumber(total)}</dd>
              </div>
              <div>
                <dt>Counted this hour</dt>
                <dd>{value.quota ? `${formatNumber(value.quota.used)} of ${formatNumber(value.hourlyCap)}` : `cap ${value.hourlyCap}`}</dd>
              </div>
              <div>
                <dt>Credits ({value.credits.plan})</dt>
                <dd id="credits">{formatNumber(value.credits.balance)}</dd>
              </div>
            </dl>
            <button type="button" class="quiet" onClick={usage.reload}>
              Refresh
            </button>
            <h2>Calls per hour</h2>
            <HourlyChart usage={value} />
            <div class="columns">
              <section aria-labelledby="top-title">
                <h2 id="top-title">Top tools</h2>
                <table id="top-tools">
                  <HeadRow columns={["Tool", "Kind", "Calls", "Refused", "Mean ms"]} />
                  <tbody>
                    {value.topTools.map((row) => (
                      <tr data-tool={row.tool}>
                        <td>
                          <code>{row.tool}</code>
                        </td>
                        <td>
                          <KindBadge kind={row.kind} />
                        </td>
                        <td>{row.calls}</td>
                        <td>{row.refused}</td>
                        <td>{row.avgMs}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {value.topTools.length === 0 && <p class="muted">No calls in the last 48 hours.</p>}
              </section>
              <section aria-labelledby="refusals-title">
                <h2 id="refusals-title">Refusals by code</h2>
                <table id="refusals">
                  <tbody>
                    {codes.map((code) => (
                      <tr data-code={code}>
                        <th scope="row">
                          <code>{code}</code> <span class="muted small">{REFUSAL_NAMES[code] ?? ""}</span>
                        </th>
                        <td>{count(code)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            </div>
            <h2>Credits ledger</h2>
            <table id="ledger">
              <HeadRow columns={["When", "Tool", "Amount", "Balance after"]} />
              <tbody>
                {value.credits.ledger.map((row) => (
                  <tr>
                    <td>{formatTime(row.at)}</td>
                    <td>
                      <code>{row.tool}</code>
                    </td>
                    <td>{row.amount}</td>
                    <td>{row.balance_after}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {value.credits.ledger.length === 0 && <p class="muted">No paid calls yet.</p>}
            <p class="muted small">The call log keeps {value.retentionDays} days.</p>
          </>
        );
      }}
    </Loaded>
  );
}

export function UsagePage({ workspace }: { workspace?: string }) {
  const workspaces = useApi(() => api.get<WorkspaceSummary[]>("workspaces"), []);
  return (
    <>
      <h1>Usage</h1>
      <Loaded state={workspaces}>
        {(list) => {
          const chosen = workspace ?? list[0]?.name;
          return (
            <>
              <label for="usage-workspace">Workspace</label>{" "}
              <select id="usage-workspace" value={chosen} onChange={(event) => (location.hash = `#/usage/${encodeURIComponent(event.currentTarget.value)}`)}>
                {list.map((row) => (
                  <option value={row.name}>{row.name}</option>
                ))}
              </select>
              {chosen ? <UsageOf name={chosen} /> : <p class="muted">No workspace yet.</p>}
            </>
          );
        }}
      </Loaded>
    </>
  );
}
