// Loading an API answer into a page: the value, its error, and a reload.
import type { ComponentChildren } from "preact";
import { useCallback, useEffect, useState } from "preact/hooks";

export function useApi<T>(load: () => Promise<T>, keys: unknown[]): { value?: T; error?: string; reload: () => void } {
  const [state, setState] = useState<{ value?: T; error?: string }>({});
  const reload = useCallback(() => {
    load().then(
      (value) => setState({ value }),
      (error: Error) => setState({ error: error.message }),
    );
  }, keys);
  useEffect(reload, [reload]);
  return { ...state, reload };
}

/** Shows the error or a loading line until `value` exists, then the children. */
export function Loaded<T>({ state, children }: { state: { value?: T; error?: string }; children: (value: T) => ComponentChildren }) {
  if (state.error) return <p role="alert" class="error">{state.error}</p>;
  if (state.value === undefined) return <p class="muted">Loading…</p>;
  return <>{children(state.value)}</>;
}

export const KindBadge = ({ kind }: { kind: string | null }) => <span class={`kind kind-${kind ?? "none"}`}>{kind ?? "—"}</span>;

export const formatNumber = (value: number) => value.toLocaleString("en-US");

export const formatTime = (iso: string | null) => (iso ? new Date(iso).toISOString().replace("T", " ").slice(0, 16) + " UTC" : "never");

/** A table's header row of plain column names. */
export const HeadRow = ({ columns }: { columns: string[] }) => (
  <thead>
    <tr>
      {columns.map((column) => (
        <th scope="col">{column}</th>
      ))}
    </tr>
  </thead>
);
