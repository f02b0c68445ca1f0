// Trains the learned second stage's weights (src/search/rerank.ts) offline on the dev sets: the
// project's dev set, holdouts 1–8 and the multi-step dev requests (two folds: older and newer sets),
// BFCL, and MetaTool requests outside the fixed 995 sample (rerank-data.mjs). Never holdout 9,
// never the MetaTool sample.
//
// Model: score = Σ weight × feature over the first stage's head, the first stage's own score at
// weight 1. Fit: coordinate ascent from the first stage's order (every other weight 0) over a fixed
// grid in a fixed feature order (deterministic: no random start), maximising the mean over folds
// of (top-1 + reciprocal rank) / 2 less an L2 penalty; a step must gain MIN_GAIN.
// Feature choice (fewer features that transfer): forward selection by leave-one-fold-out — a
// feature is added when the model trained without each fold, scored on that fold, gains top-1 on
// average and loses it on no fold; it stops when no feature does.
// Prints every step's out-of-fold figures, then the chosen model trained on every fold.
// Usage: node bench/train-reranker.mjs [--write]   (after pnpm build; --write rewrites
// src/search/rerank-weights.ts with the chosen model). RERANK_ALL=1 also prints the model over
// every feature at once, out of fold (for comparison).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { RERANK_FEATURES } from "../dist/index.js";
import { trainingRows } from "./rerank-data.mjs";

const GRID = [-1, -0.6, -0.4, -0.25, -0.15, -0.1, -0.05, 0, 0.05, 0.1, 0.15, 0.25, 0.4, 0.6, 1];
const PENALTY = 0.01;
const MIN_GAIN = 0.0005;
const ROUNDS = 4;
const SCORE = RERANK_FEATURES.indexOf("score");
const FIRST_STAGE = RERANK_FEATURES.map((_, at) => (at === SCORE ? 1 : 0));

// Position of the first right candidate under the weights (-1: none in the head); ties keep order.
function firstRight(row, weights) {
  const count = row.features.length;
  const scores = new Float64Array(count);
  let bestRight = -Infinity, bestRightAt = -1, above = 0;
  for (let at = 0; at < count; at += 1) {
    const vector = row.features[at];
    let sum = 0;
    for (let feature = 0; feature < vector.length; feature += 1) sum += vector[feature] * weights[feature];
    scores[at] = sum;
    if (row.right[at] && (bestRightAt === -1 || sum > bestRight)) [bestRight, bestRightAt] = [sum, at];
  }
  if (bestRightAt === -1) return -1;
  for (let at = 0; at < count; at += 1) if (scores[at] > bestRight || (scores[at] === bestRight && at < bestRightAt)) above += 1;
  return above;
}

/** top-1 and MRR of a list of rows under the weights. */
function figures(rows, weights) {
  let top1 = 0, reciprocal = 0;
  for (const row of rows) {
    const position = firstRight(row, weights);
    if (position === 0) top1 += 1;
    if (position >= 0) reciprocal += 1 / (position + 1);
  }
  return { n: rows.length, top1: top1 / Math.max(rows.length, 1), mrr: reciprocal / Math.max(rows.length, 1) };
}

// Rows by a key (Object.groupBy needs Node 21).
function groupBy(rows, keyOf) {
  const groups = {};
  for (const row of rows) (groups[keyOf(row)] ??= []).push(row);
  return groups;
}

function objective(folds, weights) {
  const scores = Object.values(folds).map((rows) => {
    const { top1, mrr } = figures(rows, weights);
    return (top1 + mrr) / 2;
  });
  const penalty = weights.reduce((sum, weight, at) => (at === SCORE ? sum : sum + weight * weight), 0) * PENALTY;
  return scores.reduce((sum, score) => sum + score, 0) / scores.length - penalty;
}

/** Coordinate ascent over the `features` (names) only. */
function train(rows, features) {
  // Requests whose head holds no right tool, or only right ones, cannot move: left out of the fit.
  const folds = groupBy(rows.filter((row) => row.right.some(Boolean) && !row.right.every(Boolean)), (row) => row.fold);
  const weights = [...FIRST_STAGE];
  const free = features.map((feature) => RERANK_FEATURES.indexOf(feature));
  let best = objective(folds, weights);
  for (let round = 0; round < ROUNDS; round += 1) {
    let moved = false;
    for (const at of free) {
      let chosen = weights[at];
      for (const value of GRID) {
        weights[at] = value;
        const score = objective(folds, weights);
        if (score > best + MIN_GAIN) [best, chosen, moved] = [score, value, true];
      }
      weights[at] = chosen;
    }
    if (!moved) break;
  }
  return weights;
}

/** Per fold: top-1 and MRR of the first stage and of the model trained without that fold. */
function outOfFold(rows, folds, features) {
  return Object.entries(folds).map(([fold, held]) => {
    const weights = train(rows.filter((row) => row.fold !== fold), features);
    return { fold, held, weights, before: figures(held, FIRST_STAGE), after: figures(held, weights) };
  });
}

const named = (weights) => Object.fromEntries(RERANK_FEATURES.map((feature, at) => [feature, weights[at]]).filter(([, weight]) => weight !== 0));
const percent = (value) => `${(value * 100).toFixed(1)}%`;
const change = ({ before, after }) => `${percent(before.top1)} → ${percent(after.top1)} (MRR ${before.mrr.toFixed(3)} → ${after.mrr.toFixed(3)})`;
const report = (results) => {
  for (const result of results) {
    console.log(`  - ${result.fold} (${result.held.length}): ${change(result)}; trained without it: ${JSON.stringify(named(result.weights))}`);
    const sets = Object.entries(groupBy(result.held, (row) => row.set));
    if (sets.length > 1) for (const [set, list] of sets) console.log(`      ${set} (${list.length}): ${change({ before: figures(list, FIRST_STAGE), after: figures(list, result.weights) })}`);
  }
};

const rows = await trainingRows();
const folds = groupBy(rows, (row) => row.fold);
console.log(`Training requests by fold: ${Object.entries(folds).map(([fold, list]) => `${fold} ${list.length}`).join(", ")}. Figures are top-1 within the first stage's head (its best tools), first stage → second stage, on the left-out fold.`);
if (process.env.RERANK_ALL === "1") {
  console.log("\nEvery feature at once, out of fold:");
  report(outOfFold(rows, folds, RERANK_FEATURES.filter((feature) => feature !== "score")));
}
const chosen = [];
const points = (gain) => `${gain >= 0 ? "+" : ""}${(gain * 100).toFixed(2)}`;
for (;;) {
  let best;
  console.log(`\nStep ${chosen.length + 1}: out-of-fold top-1 change per fold (${Object.keys(folds).join(", ")}) with each feature added to [${chosen.join(", ")}]:`);
  for (const feature of RERANK_FEATURES) {
    if (feature === "score" || chosen.includes(feature)) continue;
    const results = outOfFold(rows, folds, [...chosen, feature]);
    const gains = results.map(({ before, after }) => after.top1 - before.top1);
    const mean = gains.reduce((sum, gain) => sum + gain, 0) / gains.length;
    console.log(`  ${feature}: ${gains.map(points).join(", ")} (mean ${points(mean)})`);
    if (gains.every((gain) => gain >= 0) && mean > (best?.mean ?? 0)) best = { feature, mean, results };
  }
  if (best === undefined) break;
  chosen.push(best.feature);
  console.log(`Chosen: + ${best.feature} (mean out-of-fold top-1 ${points(best.mean)} points)`);
  report(best.results);
}
const weights = train(rows, chosen);
console.log(`\nChosen features: ${chosen.length === 0 ? "none (the first stage's order stays)" : chosen.join(", ")}; trained on every fold: ${JSON.stringify(named(weights))}`);

if (process.argv.includes("--write")) {
  const commit = execFileSync("git", ["log", "-1", "--format=%h", "--", "bench"], { encoding: "utf8" }).trim();
  const body = Object.entries(named(weights)).map(([feature, weight]) => `  ${feature}: ${weight},`).join("\n");
  writeFileSync(
    new URL("../src/search/rerank-weights.ts", import.meta.url),
    `// The second stage's trained model (search/rerank.ts). Written by bench/train-reranker.mjs --write
// (forward selection by leave-one-fold-out, coordinate ascent, L2 penalty ${PENALTY}) from the dev
// sets as of commit ${commit}: the project's dev set, holdouts 1–8 and multi-step dev requests,
// BFCL, and MetaTool requests outside the fixed sample. Never holdout 9 or the MetaTool sample.
import type { RerankWeights } from "./rerank";

/** The trained model (used when SearchOptions.reranker is set without weights). */
export const RERANK_WEIGHTS: RerankWeights = {
${body}
};
`,
  );
  console.log("wrote src/search/rerank-weights.ts");
}
