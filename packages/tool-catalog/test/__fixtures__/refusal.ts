import { CatalogError } from "../../src/index";

/** The CatalogError `run` throws; any other error is rethrown, and no error fails the test. */
export function refusal(run: () => unknown): CatalogError {
  try {
    run();
  } catch (error) {
    if (CatalogError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a CatalogError");
}
