// The JSON Schema types a tool's parameter declares, as a list whether the schema gives one type
// ("integer") or several (["string", "null"]). Read by the readers of parameter names
// (search/time-parameters.ts, search/stated-counts.ts) to leave switches and numbers out.

import type { JsonSchemaObject } from "../types";

/** The types `property` declares (none when it declares no type or is absent). */
export function declaredTypes(property: JsonSchemaObject | undefined): readonly string[] {
  if (property?.type === undefined) return [];
  return Array.isArray(property.type) ? property.type : [property.type];
}
