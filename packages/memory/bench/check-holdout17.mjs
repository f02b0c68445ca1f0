// Checks memory holdout 17's answer keys without running any search (answer-keys.mjs says what
// is checked). Run after `pnpm exec turbo run build`: node packages/memory/bench/check-holdout17.mjs
import { readFileSync } from "node:fs";
import { checkAnswerKeys } from "./answer-keys.mjs";
import { holdout17Memories } from "./quality.mjs";

const { queries } = JSON.parse(readFileSync(new URL("./queries-holdout17.json", import.meta.url), "utf8"));
await checkAnswerKeys(holdout17Memories(), queries);
