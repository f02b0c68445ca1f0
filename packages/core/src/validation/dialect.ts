// Which JSON Schema dialect a schema is written in, from its `$schema`: draft 2020-12 (MCP's
// default, and the default here when `$schema` is absent) or draft-07 (still common in the wild).

import { CoreError, CoreErrorCode } from "../errors/core-error";
import type { JsonSchema } from "./types";

/** The dialects the validator understands. */
export type JsonSchemaDialect = "2020-12" | "draft-07";

/** The `$schema` URI of draft 2020-12. */
export const DRAFT_2020_12_URI = "https://json-schema.org/draft/2020-12/schema";
/** The `$schema` URI of draft-07. */
export const DRAFT_07_URI = "http://json-schema.org/draft-07/schema#";

function normalise(uri: string): string {
  return uri.trim().replace(/^https?:\/\//, "").replace(/#$/, "");
}

const DIALECT_BY_URI: ReadonlyMap<string, JsonSchemaDialect> = new Map([
  [normalise(DRAFT_2020_12_URI), "2020-12"],
  [normalise(DRAFT_07_URI), "draft-07"],
]);

/**
 * The dialect of `schema`: its `$schema` when it names 2020-12 or draft-07 (http or https, with
 * or without the trailing `#`), 2020-12 when it has none. Throws `CoreError` UNSUPPORTED_DIALECT
 * for any other `$schema`.
 */
export function dialectOf(schema: JsonSchema): JsonSchemaDialect {
  const declared = schema.$schema;
  if (declared === undefined) return "2020-12";
  const dialect = typeof declared === "string" ? DIALECT_BY_URI.get(normalise(declared)) : undefined;
  if (dialect === undefined) {
    throw new CoreError(
      CoreErrorCode.UNSUPPORTED_DIALECT,
      `$schema ${JSON.stringify(declared)} is not a supported dialect; use "${DRAFT_2020_12_URI}" (the default) or "${DRAFT_07_URI}".`,
    );
  }
  return dialect;
}

/** `schema` with its `$schema` spelled as ajv knows the dialect's meta-schema (a copy only when it differs). */
export function withCanonicalDialect(schema: JsonSchema): JsonSchema {
  if (schema.$schema === undefined) return schema;
  const canonical = dialectOf(schema) === "2020-12" ? DRAFT_2020_12_URI : DRAFT_07_URI;
  return schema.$schema === canonical ? schema : { ...schema, $schema: canonical };
}
