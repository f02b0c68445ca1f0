// Constants and lookups shared by the seo tool files (see ../seo.ts).
import { arg } from "../shared";
import { ENGINES } from "../../domain/dimensions";

/** Schema of an optional AI engine filter. */
export const engine = arg.oneOf(ENGINES, "Only this AI engine.");
