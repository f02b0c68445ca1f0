// coded-error.ts: the one error pattern — code, cause, name, and brands that hold across copies.
import { describe, expect, it } from "vitest";
import { CodedError, CoreError } from "../src/index";

const ShelfErrorCode = { FULL: "FULL", MISSING: "MISSING" } as const;
type ShelfErrorCode = (typeof ShelfErrorCode)[keyof typeof ShelfErrorCode];

class ShelfError extends CodedError<ShelfErrorCode> {
  static override readonly brand: symbol = Symbol.for("test.ShelfError");
  override readonly name = "ShelfError";
}

class BookError extends CodedError<"TORN"> {
  static override readonly brand: symbol = Symbol.for("test.BookError");
  override readonly name = "BookError";
}

describe("CodedError", () => {
  it("keeps code, message, name and cause", () => {
    const cause = new Error("disk full");
    const error = new ShelfError(ShelfErrorCode.FULL, "the shelf holds 20 books; take one off first.", { cause });
    expect(error.code).toBe("FULL");
    expect(error.message).toBe("the shelf holds 20 books; take one off first.");
    expect(error.name).toBe("ShelfError");
    expect(error.cause).toBe(cause);
    expect(String(error)).toBe("ShelfError: the shelf holds 20 books; take one off first.");
    expect("cause" in new ShelfError("MISSING", "x")).toBe(false);
  });

  it("narrows with isInstance on its own class and on the base, not on a sibling", () => {
    const error: unknown = new ShelfError("FULL", "x");
    expect(ShelfError.isInstance(error)).toBe(true);
    expect(CodedError.isInstance(error)).toBe(true);
    expect(BookError.isInstance(error)).toBe(false);
    expect(CoreError.isInstance(error)).toBe(false);
    expect(ShelfError.isInstance(new Error("x"))).toBe(false);
    expect(ShelfError.isInstance(null)).toBe(false);
    expect(ShelfError.isInstance("FULL")).toBe(false);
  });

  it("recognises an error made by another copy of the class (same brand, other prototype)", () => {
    class ShelfErrorCopy extends CodedError<ShelfErrorCode> {
      static override readonly brand: symbol = Symbol.for("test.ShelfError");
      override readonly name = "ShelfError";
    }
    const fromCopy = new ShelfErrorCopy("MISSING", "x");
    expect(fromCopy instanceof ShelfError).toBe(false);
    expect(ShelfError.isInstance(fromCopy)).toBe(true);
  });
});
