// Checks memory holdout 15's answer keys without running any search (answer-keys.mjs says what
// is checked). Run after `pnpm exec turbo run build`: node packages/memory/bench/check-holdout15.mjs
import { readFileSync } from "node:fs";
import { checkAnswerKeys } from "./answer-keys.mjs";
import { holdout15Memories } from "./quality.mjs";

const { queries } = JSON.parse(readFileSync(new URL("./queries-holdout15.json", import.meta.url), "utf8"));
await checkAnswerKeys(holdout15Memories(), queries);
