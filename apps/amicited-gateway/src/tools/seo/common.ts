// Constants and lookups shared by the seo tool files (see ../seo.ts).
import { arg } from "../shared";
import { ENGINES } from "../../demo/vocabulary";

/** Schema of an optional AI engine filter. */
export const engine = arg.oneOf(ENGINES, "Only this AI engine.");
