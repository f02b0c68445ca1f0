// Memory holdout 7's facts: three teams' memories of conversational facts (who owns what, what
// happened when, releases, incidents, decisions, rotas, readings that later ones supersede),
// combined deterministically from the written seed lists in conversation-seeds.json. About
// two thousand facts, so a question meets the crowd of near-duplicates a real memory holds:
// many incidents of one system, many releases of one product, one person in many facts.
// The questions (queries-holdout7.json) were written by hand about the generated facts.
import { readFileSync } from "node:fs";
import { capital, DAY, first, MONTHS, random } from "./seeded.mjs";

const seeds = JSON.parse(readFileSync(new URL("./conversation-seeds.json", import.meta.url), "utf8"));
const START = Date.UTC(2024, 0, 1);
const iso = (day) => new Date(START + day * DAY).toISOString().slice(0, 10);
/** A day written as people write it: "14 March 2025" mostly, ISO sometimes. */
function written(day, rng) {
  const date = new Date(START + day * DAY);
  if (rng.int(0, 3) === 0) return iso(day);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** One memory's facts in the labelled-facts shape (key, type, title, body, tags, created, supersededBy). */
function memoryFacts(memory, position) {
  const rng = random(1009 * (position + 1));
  const facts = [];
  const add = (kind, fact, day) => {
    const key = `${memory.name}-${kind}-${String(facts.filter((each) => each.key.includes(`-${kind}-`)).length + 1).padStart(3, "0")}`;
    facts.push({ key, confidence: "high", scope: "project", ...fact, created: `${iso(day)}T09:00:00Z` });
    return facts[facts.length - 1];
  };
  const chain = (list) => list.forEach((fact, at) => at + 1 < list.length && (fact.supersededBy = list[at + 1].key));
  const { people, systems, products, teams } = memory;
  const systemTag = (system) => system.split(" ").slice(-2);

  for (const system of systems) {
    // Owners over time: each takes over from the one before (the newer fact supersedes).
    const owners = rng.shuffle(people).slice(0, rng.int(2, 4));
    let day = rng.int(0, 200);
    chain(owners.map((owner, at) => {
      day += rng.int(60, 240);
      const from = at === 0 ? "" : ` from ${owners[at - 1]}`;
      return add("owner", { type: "convention", tags: [...systemTag(system), "ownership"], title: `${owner} owns the ${system}`, body: `${owner} took over the ${system}${from} on ${written(day, rng)}. Changes to it and questions about it go to ${first(owner)}.` }, day);
    }));
    // Platforms it ran on: each move supersedes the last.
    const moves = rng.shuffle(seeds.technologies).slice(0, rng.int(1, 3));
    day = rng.int(0, 300);
    chain(moves.map((technology) => {
      day += rng.int(90, 300);
      return add("platform", { type: "decision", tags: [...systemTag(system), "infrastructure"], title: `${capital(system)} moved to ${technology}`, body: `The ${system} ${system.endsWith("kiosks") ? "run" : "runs"} on ${technology} since ${written(day, rng)}; ${rng.pick(people)} led the cut-over.` }, day);
    }));
    // Incidents: every cause once per system, on its own day.
    for (const [cause, causeTag] of seeds.causes) {
      const day2 = rng.int(30, 1050);
      const minutes = rng.int(4, 240);
      const onCall = rng.pick(people);
      add("incident", { type: "risk", tags: [...systemTag(system), "incident", causeTag], title: `${capital(system)} down for ${minutes} minutes`, body: `On ${written(day2, rng)} the ${system} was unavailable for ${minutes} minutes because of ${cause}. ${onCall} was on call and wrote the postmortem.` }, day2);
    }
    // Readings of each metric, a newer one superseding the older.
    for (const [metric, unit, low, high] of seeds.metrics) {
      let day3 = rng.int(400, 600);
      chain(Array.from({ length: 4 }, () => {
        day3 += rng.int(25, 40);
        const value = unit === "%" ? (low + ((high - low) * rng.int(0, 100)) / 100).toFixed(1) : String(rng.int(low, high));
        const amount = unit === "%" ? `${value}%` : `${value} ${unit}`;
        return add("metric", { type: "metric", tags: [...systemTag(system), "metric"], title: `${capital(system)} ${metric} is ${amount}`, body: `Measured on ${written(day3, rng)}: the ${system} had ${/^[aeiou]/.test(metric) ? "an" : "a"} ${metric} of ${amount}.` }, day3);
      }));
    }
  }
  for (const product of products) {
    let day = rng.int(0, 120);
    let [major, minor] = [rng.int(1, 4), 0];
    for (let release = rng.int(16, 24); release > 0; release--) {
      day += rng.int(20, 50);
      if (rng.int(0, 5) === 0) [major, minor] = [major + 1, 0];
      else minor += 1;
      add("release", { type: "decision", tags: [...product.split(" ").slice(-2), "release"], title: `${capital(product)} ${major}.${minor} released`, body: `Version ${major}.${minor} of the ${product} went out on ${written(day, rng)} with ${rng.pick(seeds.features)}. ${rng.pick(people)} was the release manager.` }, day);
    }
  }
  for (const decision of seeds.decisions) {
    const day = rng.int(100, 1050);
    const [one, two] = rng.shuffle(people);
    add("decision", { type: "convention", tags: ["decision", "process"], title: `Agreed: ${decision}`, body: `At the ${rng.pick(teams)} meeting on ${written(day, rng)}, ${one} and ${two} agreed on ${decision}.` }, day);
  }
  for (const person of people) {
    const day = rng.int(0, 900);
    add("person", { type: "domain", tags: ["team", "people"], title: `${person} joined the ${rng.pick(teams)}`, body: `${person} started on ${written(day, rng)} as ${rng.pick(["a backend engineer", "a frontend engineer", "an SRE", "a data engineer", "an engineering manager", "a QA engineer", "a product designer"])}.` }, day);
  }
  for (const person of rng.shuffle(people).slice(0, 5)) {
    const day = rng.int(700, 1000);
    const cover = rng.pick(people.filter((other) => other !== person));
    add("leave", { type: "domain", tags: ["team", "absence"], title: `${person} away for ${rng.int(2, 16)} weeks`, body: `${person} is on leave from ${written(day, rng)}; ${cover} covers the ${rng.pick(systems)} meanwhile.` }, day);
  }
  for (const [vendor, purpose] of seeds.vendors) {
    const day = rng.int(0, 700);
    add("vendor", { type: "domain", tags: ["vendor", "contract"], title: `Contract with ${vendor} for ${purpose}`, body: `We signed with ${vendor} for ${purpose} on ${written(day, rng)}; the contract runs until ${written(day + 365 * rng.int(1, 3), rng)} and ${rng.pick(people)} holds the account.` }, day);
  }
  let week = rng.int(700, 720);
  for (let rota = 0; rota < 52; rota++, week += 7) {
    const [primary, secondary] = rng.shuffle(people);
    add("oncall", { type: "domain", tags: ["on-call", "rota"], title: `${primary} on call from ${written(week, rng)}`, body: `${primary} is the primary on-call engineer for the week starting ${written(week, rng)}; ${secondary} is the secondary.` }, week);
  }
  return facts;
}

/** The three memories of holdout 7: name and facts (labelled-facts shape, with `created`). */
export function largeConversationMemories() {
  return seeds.memories.map((memory, position) => ({ name: memory.name, facts: memoryFacts(memory, position) }));
}
