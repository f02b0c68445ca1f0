// "Search in use" on the Learned page: per day of the last two weeks, how many tools agents chose
// after a search_tools answer, and how often that choice was the search's first hit, in its top 3,
// on its first page of 10 (GET /ui/api/learned/quality: the ranks kept with the learned rows, so
// every instance on the store and restarts included). A choice is the agent's pick, not a checked
// label: a trend to watch, such as whether learning lifts the first-hit share.
import { api } from "../api";
import { formatNumber, HeadRow, Loaded, useApi } from "./load";
import type { ChoiceRankCounts, SearchQuality } from "../types";

const percentOf = (part: number, choices: number) => (choices === 0 ? "—" : `${((part / choices) * 100).toFixed(1)}%`);

const Figures = ({ counts }: { counts: ChoiceRankCounts }) => (
  <>
    <td>{formatNumber(counts.choices)}</td>
    <td>{percentOf(counts.first, counts.choices)}</td>
    <td>{percentOf(counts.top3, counts.choices)}</td>
    <td>{percentOf(counts.firstPage, counts.choices)}</td>
  </>
);

/** The per-day table of one workspace's choices (`workspace` empty: every workspace's); loaded again when `refresh` changes. */
export function SearchInUse({ workspace, refresh }: { workspace: string; refresh: number }) {
  const params = new URLSearchParams(workspace === "" ? {} : { workspace });
  const quality = useApi(() => api.get<SearchQuality>(`learned/quality${params.size > 0 ? `?${params}` : ""}`), [workspace, refresh]);
  return (
    <section aria-labelledby="search-in-use-title">
      <h2 id="search-in-use-title">Search in use</h2>
      <p class="muted small">
        A choice is the tool an agent described, read or ran after a search showed it: the agent's pick, not a verified label. Counted over every
        gateway instance on this store, for the last 14 days (UTC) and the learned requests the store keeps; the workspace filter applies, the tool filter does not.
      </p>
      <Loaded state={quality}>
        {(value) => (
          <div class="scroll">
            <table id="search-in-use">
              <HeadRow columns={["Day", "Choices", "First hit", "Top 3", "First page"]} />
              <tbody>
                {value.days.map((day) => (
                  <tr data-day={day.day}>
                    <th scope="row">{day.day}</th>
                    <Figures counts={day} />
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr data-day="total">
                  <th scope="row">Total</th>
                  <Figures counts={value.total} />
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </Loaded>
    </section>
  );
}
