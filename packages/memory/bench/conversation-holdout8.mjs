// Memory holdout 8's facts: three groups' memories as a coding assistant keeps them from chat
// (who said what about a topic and said it again, choices a later one supersedes, deadlines that
// move, meetings, trips, purchases, bug reports and fixes, customer calls, hand-overs, weekly
// status notes), combined deterministically from the written seed lists in
// conversation-seeds8.json. Dates are written the many ways people write them (ISO, 14/03/2025,
// March 14, 2025, the 14th of March, Friday 14 March). The questions (queries-holdout8.json)
// were written by hand about the generated facts.
import { readFileSync } from "node:fs";
import { calendar, factBook, lastWordTag } from "./conversation-builder.mjs";
import { capital, first, random } from "./seeded.mjs";

const seeds = JSON.parse(readFileSync(new URL("./conversation-seeds8.json", import.meta.url), "utf8"));
const { iso, dayText: written } = calendar(Date.UTC(2024, 2, 1));

/** One memory's facts in the labelled-facts shape (key, type, title, body, tags, created, supersededBy). */
function memoryFacts(memory, position) {
  const rng = random(7919 * (position + 3));
  const { facts, add, chain } = factBook(memory.name, iso, () => "10:00:00");
  const { people, places, customers, topics, choices, deliverables, events, items, trips, bugs, areas } = memory;
  const tagOf = lastWordTag(/^the /);

  // Remarks: who said what about a topic; some are said again later by the same person.
  for (const [topic, statements] of topics) {
    for (const statement of statements) {
      const person = rng.pick(people);
      const day = rng.int(20, 600);
      add("remark", { type: "domain", tags: [...tagOf(topic), "opinion"], title: `${person} on ${topic}`, body: `${person} said ${rng.pick(seeds.channels)} on ${written(day, rng)} that ${statement}.` }, day);
      if (rng.int(0, 2) === 0) {
        const later = day + rng.int(30, 200);
        add("remark", { type: "domain", tags: [...tagOf(topic), "opinion"], title: `${first(person)} raised ${topic} again`, body: `On ${written(later, rng)} ${first(person)} brought it up again ${rng.pick(seeds.channels)}: ${statement}, and nothing has changed since.` }, later);
      }
    }
  }
  // Choices: the tool used for a purpose; each switch supersedes the one before.
  for (const [purpose, options] of choices) {
    let day = rng.int(0, 150);
    const used = options.slice(0, rng.int(2, 3));
    chain(used.map((option, at) => {
      day += rng.int(80, 260);
      const person = rng.pick(people);
      return add("choice", { type: "decision", tags: [...tagOf(purpose), "tooling"], title: at === 0 ? `${capital(option)} for ${purpose}` : `Switched to ${option} for ${purpose}`, body: at === 0 ? `We use ${option} for ${purpose}; ${person} set it up on ${written(day, rng)}.` : `On ${written(day, rng)} we switched from ${used[at - 1]} to ${option} for ${purpose}; ${person} pushed for the change.` }, day);
    }));
  }
  // Deadlines: a due date, then one or two moves, each superseding the last.
  for (const deliverable of deliverables) {
    let day = rng.int(60, 500);
    const owner = rng.pick(people);
    const moves = rng.int(0, 2);
    chain(Array.from({ length: moves + 1 }, (_, at) => {
      const due = day + rng.int(30, 90);
      const fact = at === 0
        ? add("deadline", { type: "decision", tags: [...tagOf(deliverable), "deadline"], title: `${capital(deliverable)} due ${written(due, rng)}`, body: `${owner} owns ${deliverable}; it is due on ${written(due, rng)}.` }, day)
        : add("deadline", { type: "decision", tags: [...tagOf(deliverable), "deadline"], title: `${capital(deliverable)} moved to ${written(due, rng)}`, body: `${capital(deliverable)} slipped: the new date is ${written(due, rng)} because ${rng.pick(seeds.reasons)}. ${first(owner)} still owns it.` }, day);
      day = due - rng.int(5, 20);
      return fact;
    }));
  }
  // Events: each held twice, a year apart, at a place, organised by someone.
  for (const event of events) {
    let day = rng.int(0, 300);
    for (let time = 0; time < 2; time++, day += rng.int(340, 390)) {
      const place = rng.pick(places);
      add("event", { type: "domain", tags: [...tagOf(event), "meeting"], title: `${capital(event)} at ${place.replace(/^the /, "")}`, body: `${capital(event)} took place on ${written(day, rng)} at ${place}; ${rng.pick(people)} organised it and ${rng.int(6, 60)} people came.` }, day);
    }
  }
  // Purchases.
  for (const item of items) {
    const day = rng.int(0, 650);
    add("purchase", { type: "domain", tags: [...tagOf(item), "purchase"], title: `Bought ${item}`, body: `${rng.pick(people)} ordered ${item} on ${written(day, rng)} for ${rng.int(2, 90) * 25} euros; it arrived on ${written(day + rng.int(2, 20), rng)}.` }, day);
  }
  // Trips: each destination visited twice by different people.
  for (const [city, purpose] of trips) {
    for (const person of rng.shuffle(people).slice(0, 2)) {
      const day = rng.int(30, 700);
      add("trip", { type: "domain", tags: [city.toLowerCase(), "travel"], title: `${person} to ${city}`, body: `${person} travels to ${city} for ${purpose} from ${written(day, rng)} to ${written(day + rng.int(1, 4), rng)}.` }, day);
    }
  }
  // Bugs: reported by one person, fixed by another a few days later.
  for (const [symptom, component] of bugs) {
    const day = rng.int(30, 650);
    const [reporter, fixer] = rng.shuffle(people);
    add("bug", { type: "risk", tags: [...tagOf(component), "bug"], title: `Bug: ${symptom}`, body: `${reporter} reported on ${written(day, rng)} that ${symptom} in ${component}. ${fixer} fixed it on ${written(day + rng.int(1, 12), rng)}.` }, day);
  }
  // Customer calls: four per customer, about one of the topics.
  for (const customer of customers) {
    for (let call = 0; call < 4; call++) {
      const day = rng.int(0, 700);
      const [topic] = rng.pick(topics);
      add("call", { type: "domain", tags: ["customer", "call"], title: `${capital(customer)} called about ${topic}`, body: `${capital(customer)} called ${rng.pick(people)} on ${written(day, rng)} about ${topic}; a follow-up is promised within ${rng.int(2, 10)} days.` }, day);
    }
  }
  // Hand-overs: three people leave; someone takes over their area.
  for (const person of rng.shuffle(people).slice(0, 3)) {
    const day = rng.int(300, 700);
    const successor = rng.pick(people.filter((other) => other !== person));
    add("handover", { type: "convention", tags: [...tagOf(first(person).toLowerCase()), "team"], title: `${person} leaving`, body: `${person}'s last day is ${written(day, rng)}. From then on ${successor} looks after ${rng.pick(areas)}.` }, day);
  }
  // Weekly status notes: the crowd of near-duplicates a real memory holds.
  for (let week = 0, day = 100; week < 60; week++, day += 7) {
    const person = rng.pick(people);
    const area = rng.pick(areas);
    const work = rng.pick(["cleaned up", "wrote tests for", "reviewed the open pull requests on", "profiled", "documented", "fixed small bugs in", "paired with a new colleague on"]);
    add("status", { type: "domain", tags: [...tagOf(area), "status"], title: `Week of ${written(day, rng)}: ${first(person)} on ${area.replace(/^the /, "")}`, body: `In the week of ${written(day, rng)} ${person} ${work} ${area}.` }, day);
  }
  return facts;
}

/** The three memories of holdout 8: name and facts (labelled-facts shape, with `created`). */
export function holdout8Memories() {
  return seeds.memories.map((memory, position) => ({ name: memory.name, facts: memoryFacts(memory, position) }));
}
