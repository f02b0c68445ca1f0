// The one error pattern of every Foundry package and app: a class that extends CodedError, owns
// a stable string `code` (from its own `as const` map), keeps the `cause`, and declares a static
// `brand` symbol. `isInstance` checks brands, not prototypes, so it holds across bundled copies.

const CODED_ERROR_BRAND: unique symbol = Symbol.for("@foundry-mcp/core.CodedError");

/** What an error may carry besides its code and message. */
export interface CodedErrorOptions {
  /** The error (or value) that caused this one; kept as the standard `cause`. */
  cause?: unknown;
}

/** A class with a brand: what `isInstance` is called on. */
type BrandedClass<T> = (abstract new (...args: never[]) => T) & { readonly brand: symbol };

/**
 * Base of every coded error. Subclasses add one static line (`brand`) and set `name`:
 *
 * @example
 * export const ShelfErrorCode = { FULL: "FULL" } as const;
 * export type ShelfErrorCode = (typeof ShelfErrorCode)[keyof typeof ShelfErrorCode];
 * export class ShelfError extends CodedError<ShelfErrorCode> {
 *   static override readonly brand = Symbol.for("my-lib.ShelfError");
 *   override readonly name = "ShelfError";
 * }
 * new ShelfError("FULL", "the shelf holds 20 books; take one off first.");
 * ShelfError.isInstance(error) // narrows to ShelfError, even across package copies
 */
export class CodedError<Code extends string = string> extends Error {
  /** The symbol that marks instances of this class (each subclass declares its own). */
  static readonly brand: symbol = CODED_ERROR_BRAND;

  /** Stable machine-readable code; compare against it, never against the message. */
  readonly code: Code;

  constructor(code: Code, message: string, options: CodedErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "CodedError";
    this.code = code;
    // Mark the instance with the brand of every class in its chain, so that both
    // `CatalogError.isInstance(e)` and `CodedError.isInstance(e)` hold for a CatalogError.
    for (let type: unknown = new.target; typeof type === "function" && type !== Error; type = Object.getPrototypeOf(type)) {
      if (Object.hasOwn(type, "brand")) {
        Object.defineProperty(this, (type as unknown as { brand: symbol }).brand, { value: true });
      }
    }
  }

  /**
   * True when `value` carries this class's brand: an instance of it (or a subclass), even one
   * made by another copy of the package. Narrows to the class it is called on.
   */
  static isInstance<T>(this: BrandedClass<T>, value: unknown): value is T {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[this.brand] === true;
  }
}

/**
 * The message of any thrown value: `error.message` for errors, `String(value)` otherwise. For an
 * error that is not a CodedError the `cause` chain (up to three deep) is folded in where the
 * message does not already say it: fetch() fails with "fetch failed" and hides the reason
 * (ECONNREFUSED, ENOTFOUND…) in its causes, and a status line or a refusal must say which. A
 * CodedError's message is written to stand alone (what happened, the bound, the fix; SPEC
 * strings among them), so it is returned as it is.
 *
 * @example messageOf(new Error("fetch failed", { cause: refused })) // "fetch failed (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9)"
 */
export function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  let message = error.message;
  if (CodedError.isInstance(error)) return message;
  let cause: unknown = error.cause;
  for (let depth = 0; depth < 3 && cause instanceof Error; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    const detail = typeof code === "string" && !cause.message.includes(code) ? `${code}: ${cause.message}` : cause.message;
    if (detail && !message.includes(detail)) message += ` (${detail})`;
    cause = cause.cause;
  }
  return message;
}
