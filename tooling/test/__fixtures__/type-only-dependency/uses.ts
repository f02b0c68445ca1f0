// A fixture for dependencies-used.test.ts: only @example/value and @example/lazy are used by code;
// "@example/comment" is named in this comment only.
import type { Only } from "@example/type-only";
import { type AlsoOnly } from "@example/type-specifiers";
import { value } from "@example/value";
export type { Reexported } from "@example/type-export";

export type Loaded = typeof import("@example/type-query");
export const names: Array<Only | AlsoOnly | Loaded> = [];
export const lazy = (): Promise<unknown> => import("@example/lazy");
export { value };
