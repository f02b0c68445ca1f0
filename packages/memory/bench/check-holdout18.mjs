// Checks memory holdout 18's answer keys without running any search (answer-keys.mjs says what
// is checked). Run after `pnpm exec turbo run build`: node packages/memory/bench/check-holdout18.mjs
import { readFileSync } from "node:fs";
import { checkAnswerKeys } from "./answer-keys.mjs";
import { holdout18Memories } from "./quality.mjs";

const { queries } = JSON.parse(
  readFileSync(new URL("./queries-holdout18.json", import.meta.url), "utf8"),
);
await checkAnswerKeys(holdout18Memories(), queries);
