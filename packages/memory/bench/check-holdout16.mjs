// Checks memory holdout 16's answer keys without running any search (answer-keys.mjs says what
// is checked). Run after `pnpm exec turbo run build`: node packages/memory/bench/check-holdout16.mjs
import { readFileSync } from "node:fs";
import { checkAnswerKeys } from "./answer-keys.mjs";
import { holdout16Memories } from "./quality.mjs";

const { queries } = JSON.parse(readFileSync(new URL("./queries-holdout16.json", import.meta.url), "utf8"));
await checkAnswerKeys(holdout16Memories(), queries);
