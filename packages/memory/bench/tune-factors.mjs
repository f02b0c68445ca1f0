// Re-tunes the ranker's lift factors and alternative weights (RANKING, search/ranking-parameters.ts)
// jointly, and chooses them by cross-validation: for each of memory holdouts 11–14 a coordinate
// descent picks the values by the top-1 sum over the *other* dev sets, then that set is scored with
// them; the cross-checked sum of the four is the figure that decides. One more descent over every
// dev set gives the in-sample figure. Each parameter tries a handful of values, today's raised to
// the powers 0 (1: the lift off, or no discount), 0.5, 0.75, 1.5 and 2; a move must gain top-1 (or
// tie it and gain hit@5; --min-gain asks for more) on the sets it is chosen on. Two sweeps. Then
// each parameter alone, the others at today's values, cross-checked the same way. Holdout 17 is
// never read (bench/dev-set-list.mjs leaves it out). About two minutes.
// A question is re-searched for a parameter only when setting that parameter off or to its
// largest value changed its ten hits (ids or scores) at today's values; the others keep their
// rank. The chosen settings are then scored again on every question, so every figure printed last
// is exact.
// Run after `pnpm exec turbo run build`:   node packages/memory/bench/tune-factors.mjs [--sweeps 2] [--min-gain 1]
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { devSets } from "./dev-set-list.mjs";
import { answerPosition, benchMemory } from "./quality.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const module = await import(pathToFileURL(path.join(here, "../dist/index.js")).href);
const { RANKING } = module;
const option = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? fallback : Number(process.argv[at + 1]);
};
const SWEEPS = option("--sweeps", 2);
// How many top-1 questions a move must gain on the sets it is chosen on (a tie gaining hit@5 counts when 1).
const MIN_GAIN = option("--min-gain", 1);
const FOLDS = ["holdout11", "holdout12", "holdout13", "holdout14"];
const POWERS = [0, 0.5, 0.75, 1, 1.5, 2];
const PARAMETERS = [
  "questionFormFactor", "answerSentenceFactor", "answerKindFactor", "dateMatchFactor", "choiceFactor", "moneyFactor",
  "subjectFactor", "actorFactor", "currentStateFactor", "statesPresentFactor", "earlierStateFactor", "planFactor",
  "productRoleFactor", "measureFactor", "doerFactor", "howToFactor", "keptPlaceFactor", "viewFactor", "proposalFactor",
  "synonymWeight", "prefixWeight", "derivationWeight", "roleNameWeight", "describedNameWeight", "typoWeights", "viewWordWeight",
];
const TODAY = Object.fromEntries(PARAMETERS.map((name) => [name, RANKING[name]]));

/** Today's value of `name` raised to `power` (each typo weight alike), rounded to 3 places. */
function valueAt(name, power) {
  const raise = (value) => Math.round(value ** power * 1000) / 1000;
  return Array.isArray(TODAY[name]) ? TODAY[name].map(raise) : raise(TODAY[name]);
}

/** Sets RANKING to `powers` (parameter → power of today's value). */
function apply(powers) {
  for (const name of PARAMETERS) RANKING[name] = valueAt(name, powers[name]);
}

// Every dev question with its memory's search, built once.
const questions = [];
const setNames = [];
for (const [set, asked, memories] of devSets()) {
  setNames.push(set);
  for (const { name, facts, keyOf } of memories) {
    const memory = benchMemory(module, facts);
    for (const { query, relevant } of asked.filter((question) => question.memory === name)) questions.push({ set, memory, keyOf, query, relevant });
  }
}

/** The ten hits of question `at` under RANKING as it stands: its answer's rank (-1 when not there) and a fingerprint of the list. */
async function search(at) {
  const { memory, keyOf, query, relevant } = questions[at];
  const hits = (await memory.search({ query, limit: 10 })).hits;
  const ids = hits.map((hit) => hit.fact.id);
  return { rank: answerPosition(ids, keyOf, relevant), print: hits.map((hit) => `${hit.fact.id}:${hit.score.toPrecision(12)}`).join() };
}

/** Every question's rank under `powers`, searching all of them. */
async function ranksOf(powers) {
  apply(powers);
  const ranks = [];
  for (let at = 0; at < questions.length; at++) ranks.push((await search(at)).rank);
  return ranks;
}

// The questions each parameter reaches: those whose hits change with it off or at its largest value.
const start = Object.fromEntries(PARAMETERS.map((name) => [name, 1]));
apply(start);
const baseline = [];
for (let at = 0; at < questions.length; at++) baseline.push(await search(at));
const reached = {};
for (const name of PARAMETERS) {
  const moved = new Set();
  for (const power of [0, 2]) {
    apply({ ...start, [name]: power });
    for (let at = 0; at < questions.length; at++) if ((await search(at)).print !== baseline[at].print) moved.add(at);
  }
  reached[name] = [...moved];
}
apply(start);

/** Top-1 and hit@5 per set of `ranks`. */
function scoresOf(ranks) {
  const scores = Object.fromEntries(setNames.map((set) => [set, { top1: 0, hit5: 0, questions: 0 }]));
  ranks.forEach((rank, at) => {
    const score = scores[questions[at].set];
    score.questions += 1;
    if (rank === 0) score.top1 += 1;
    if (rank >= 0 && rank < 5) score.hit5 += 1;
  });
  return scores;
}

// The ranks of each setting tried (by its powers), worked out from a neighbour's: only the
// questions the changed parameter reaches are searched again.
const known = new Map([[JSON.stringify(start), baseline.map(({ rank }) => rank)]]);
let searches = 0;
async function ranksNear(from, name, power) {
  const powers = { ...from, [name]: power };
  const key = JSON.stringify(powers);
  if (!known.has(key)) {
    const ranks = [...known.get(JSON.stringify(from))];
    apply(powers);
    for (const at of reached[name]) ranks[at] = (await search(at)).rank;
    searches += reached[name].length;
    known.set(key, ranks);
  }
  return known.get(key);
}

/** Top-1 and hit@5 summed over the sets `counts` keeps. */
function total(ranks, counts) {
  let top1 = 0, hit5 = 0;
  for (const [set, score] of Object.entries(scoresOf(ranks))) {
    if (!counts(set)) continue;
    top1 += score.top1;
    hit5 += score.hit5;
  }
  return { top1, hit5 };
}

/** Coordinate descent from today's values over the sets `counts` keeps, moving the parameters `names`. */
async function descend(counts, names = PARAMETERS) {
  let powers = { ...start };
  for (let sweep = 0; sweep < SWEEPS; sweep++) {
    for (const name of names) {
      let best = total(await ranksNear(powers, name, powers[name]), counts);
      let bestPower = powers[name];
      for (const power of POWERS) {
        const score = total(await ranksNear(powers, name, power), counts);
        const gain = score.top1 - best.top1;
        if (gain < MIN_GAIN && !(MIN_GAIN === 1 && gain === 0 && score.hit5 > best.hit5)) continue;
        best = score;
        bestPower = power;
      }
      powers = { ...powers, [name]: bestPower };
    }
  }
  return powers;
}

const changed = (powers) => PARAMETERS.filter((name) => powers[name] !== 1).map((name) => `${name} ${JSON.stringify(TODAY[name])}→${JSON.stringify(valueAt(name, powers[name]))}`);
const todayScores = scoresOf(await ranksOf(start));
const line = (label, score) => `${label.padEnd(34)} top-1 ${String(score.top1).padStart(4)} / ${String(score.questions ?? "").padEnd(4)} hit@5 ${score.hit5}`;

let crossToday = 0, crossTuned = 0;
const chosen = {};
for (const fold of FOLDS) {
  chosen[fold] = await descend((set) => set !== fold);
  const tunedScores = scoresOf(await ranksOf(chosen[fold]));
  const tuned = tunedScores[fold];
  const others = (scores) => Object.entries(scores).reduce((sum, [set, score]) => sum + (set === fold ? 0 : score.top1), 0);
  crossToday += todayScores[fold].top1;
  crossTuned += tuned.top1;
  console.log(`${fold}: chosen on the other dev sets (their top-1 ${others(todayScores)} → ${others(tunedScores)}): ${changed(chosen[fold]).join(", ") || "today's values"}`);
  console.log(line(`  ${fold} today`, todayScores[fold]));
  console.log(line(`  ${fold} with them`, tuned));
}
console.log(`cross-checked top-1 (holdouts 11–14, each scored with the values chosen on the others): ${crossToday} → ${crossTuned}`);

// Each parameter alone, the others at today's values: its value chosen for each fold on the other
// dev sets (the fold's change with it), and on every dev set (the change of all, and the set losing most).
const signed = (number) => (number > 0 ? `+${number}` : String(number));
console.log("\neach parameter alone: cross-checked change (per fold: value chosen on the others, change) | in sample: value, change of all, worst set");
for (const name of PARAMETERS) {
  const cells = [];
  let gain = 0;
  for (const fold of FOLDS) {
    const powers = await descend((set) => set !== fold, [name]);
    const top1 = powers[name] === 1 ? todayScores[fold].top1 : scoresOf(await ranksOf(powers))[fold].top1;
    gain += top1 - todayScores[fold].top1;
    cells.push(`${fold.replace("holdout", "h")} ${JSON.stringify(valueAt(name, powers[name]))} ${signed(top1 - todayScores[fold].top1)}`);
  }
  const alone = await descend(() => true, [name]);
  const scores = alone[name] === 1 ? todayScores : scoresOf(await ranksOf(alone));
  const changes = setNames.map((set) => [set, scores[set].top1 - todayScores[set].top1]).sort((a, b) => a[1] - b[1]);
  const all = changes.reduce((sum, [, change]) => sum + change, 0);
  console.log(`  ${name.padEnd(21)} ${signed(gain).padStart(3)} (${cells.join("; ")}) | ${JSON.stringify(valueAt(name, alone[name]))} ${signed(all)}, worst ${changes[0][0]} ${signed(changes[0][1])}`);
}
apply(start);

const inSample = await descend(() => true);
const tunedScores = scoresOf(await ranksOf(inSample));
console.log(`\nin sample (chosen on every dev set): ${changed(inSample).join(", ") || "today's values"}`);
for (const set of setNames) console.log(`${line(set, todayScores[set])}  →  top-1 ${String(tunedScores[set].top1).padStart(4)} hit@5 ${tunedScores[set].hit5}`);
const sum = (scores) => Object.values(scores).reduce((all, score) => all + score.top1, 0);
console.log(`${"all".padEnd(34)} top-1 ${sum(todayScores)} → ${sum(tunedScores)} / ${questions.length}`);
console.log(`(${searches} searches for the descents; reached questions per parameter: ${PARAMETERS.map((name) => `${name} ${reached[name].length}`).join(", ")})`);
