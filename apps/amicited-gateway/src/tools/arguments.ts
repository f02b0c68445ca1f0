// Handler arguments typed from the tool's own input schema. The catalog validates every call
// against that schema before the handler runs (types, bounds, enums, no unknown keys) and fills
// in declared defaults, so a handler reads `args.days` as a number instead of re-checking it with
// `Number(args.days ?? 28)`. The mapping covers the keywords gateway schemas use; anything else
// comes out as `unknown`, which forces a check where the type cannot be derived. json-schema-to-ts
// would derive the same types; it is not a dependency because these schemas use a handful of
// keywords and its deep conditional types would be instantiated for each of ~360 tools.

/** A property schema as written in a tool file (literal types kept by `const` type parameters). */
export interface ParamSchema {
  readonly type?: string;
  readonly enum?: readonly unknown[];
  readonly items?: ParamSchema;
  readonly default?: unknown;
  readonly description?: string;
  readonly [keyword: string]: unknown;
}

/** Property schemas by argument name, as a tool's `params`. */
export type ParamSchemas = Readonly<Record<string, ParamSchema>>;

/** The value one property schema admits. */
export type ValueOf<S> = S extends { readonly enum: readonly (infer E)[] }
  ? E
  : S extends { readonly type: "integer" | "number" }
    ? number
    : S extends { readonly type: "string" }
      ? string
      : S extends { readonly type: "boolean" }
        ? boolean
        : S extends { readonly type: "array"; readonly items: infer I }
          ? ValueOf<I>[]
          : unknown;

type Present<P, R> = {
  [K in keyof P]: K extends R ? K : P[K] extends { readonly default: unknown } ? K : never;
}[keyof P];

/**
 * A handler's arguments: keys that are required or have a default are always present (the
 * validator fills defaults in); the others are optional.
 */
export type ArgsOf<P, R extends PropertyKey = never> = {
  -readonly [K in Present<P, R>]: ValueOf<P[K]>;
} & {
  -readonly [K in Exclude<keyof P, Present<P, R>>]?: ValueOf<P[K]>;
};
