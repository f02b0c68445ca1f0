// Owned rows shared by the prompts tool files (see ../prompts.ts).
import { ownedRow } from "../owned-rows";

/** A tracked prompt. */
export const prompt = ownedRow<{
  id: number;
  text: string;
  topic: string;
  intent: string;
  active: number;
}>({ param: "prompt_id", what: "prompt", table: "prompts", listedBy: "prompts_list" });
