// One tool as describe_tool shows it: description, kind, annotations, a readable input schema,
// and what its definition costs in tokens.
import { api } from "../api";
import { formatNumber, KindBadge, Loaded, useApi } from "../parts/load";
import { SchemaView } from "../parts/schema-view";
import type { ToolPage } from "../types";

export function ToolDetail({ name }: { name: string }) {
  const tool = useApi(() => api.get<ToolPage>(`tools/${encodeURIComponent(name)}`), [name]);
  return (
    <Loaded state={tool}>
      {(value) => (
        <article aria-labelledby="tool-title">
          <p>
            <a href="#/catalog">← Catalog</a>
          </p>
          <h1 id="tool-title">
            <code>{value.name}</code> <KindBadge kind={value.kind} />
          </h1>
          {value.title && <p class="lead">{value.title}</p>}
          <p>{value.description}</p>
          <dl class="figures">
            <div>
              <dt>Toolset</dt>
              <dd>{value.toolset}</dd>
            </div>
            <div>
              <dt>Definition in tools/list</dt>
              <dd id="definition-tokens">{formatNumber(value.tokens.definition)} tokens</dd>
            </div>
            <div>
              <dt>describe_tool answer</dt>
              <dd>{formatNumber(value.tokens.describe)} tokens</dd>
            </div>
          </dl>
          <h2>Annotations</h2>
          <ul class="annotations">
            {Object.entries(value.annotations).map(([key, flag]) => (
              <li>
                <code>{key}</code>: {String(flag)}
              </li>
            ))}
          </ul>
          <h2>Input</h2>
          <SchemaView schema={value.inputSchema} caption="Input schema" />
          {value.outputSchema && (
            <>
              <h2>Output</h2>
              <SchemaView schema={value.outputSchema} caption="Output schema" />
            </>
          )}
        </article>
      )}
    </Loaded>
  );
}
