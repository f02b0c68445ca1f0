// A JSON Schema as a person reads it: one row per parameter with its type, whether it is
// required, its description and its bounds; objects and arrays of objects nest their own rows.
import { HeadRow } from "./load";
import type { JsonSchema } from "../types";

function typeOf(schema: JsonSchema): string {
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? (schema.enum ? "enum" : "any"));
  if (type === "array" && schema.items) return `array of ${typeOf(schema.items)}`;
  return type;
}

function bounds(schema: JsonSchema): string[] {
  const facts: string[] = [];
  if (schema.enum) facts.push(`one of ${schema.enum.map((value) => JSON.stringify(value)).join(", ")}`);
  if (schema.minimum !== undefined) facts.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) facts.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined) facts.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) facts.push(`at most ${schema.maxLength} characters`);
  if (schema.minItems !== undefined) facts.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) facts.push(`at most ${schema.maxItems} items`);
  if (schema.pattern !== undefined) facts.push(`matches ${schema.pattern}`);
  if (schema.format !== undefined) facts.push(`format ${schema.format}`);
  if (schema.default !== undefined) facts.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.items?.enum) facts.push(`items one of ${schema.items.enum.map((value) => JSON.stringify(value)).join(", ")}`);
  return facts;
}

function Rows({ schema, prefix }: { schema: JsonSchema; prefix: string }) {
  const required = new Set(schema.required ?? []);
  return (
    <>
      {Object.entries(schema.properties ?? {}).map(([name, property]) => {
        const nested = property.properties ? property : property.items?.properties ? property.items : undefined;
        return (
          <>
            <tr data-param={prefix + name}>
              <th scope="row">
                <code>{prefix + name}</code>
              </th>
              <td>{typeOf(property)}</td>
              <td>{required.has(name) ? "required" : "optional"}</td>
              <td>
                {property.description ?? ""}
                {bounds(property).length > 0 && <div class="muted small">{bounds(property).join(" · ")}</div>}
              </td>
            </tr>
            {nested && <Rows schema={nested} prefix={`${prefix}${name}${nested === property ? "." : "[]."}`} />}
          </>
        );
      })}
    </>
  );
}

export function SchemaView({ schema, caption }: { schema: JsonSchema; caption: string }) {
  if (Object.keys(schema.properties ?? {}).length === 0) return <p class="muted">{caption}: no parameters.</p>;
  return (
    <div class="scroll">
      <table class="schema">
        <caption>{caption}</caption>
        <HeadRow columns={["Parameter", "Type", "Required", "Description and bounds"]} />
        <tbody>
          <Rows schema={schema} prefix="" />
        </tbody>
      </table>
    </div>
  );
}
