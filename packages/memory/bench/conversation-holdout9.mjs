// Memory holdout 9's facts: three multi-session chats (friends, a family, a small studio's team)
// as an assistant keeps them, over a thousand facts each, so a question's words meet dozens of
// facts: who did what and when (the day written many ways, or said relative to the day it was
// said: "yesterday", "last Tuesday", "two weeks ago"), small talk naming the same people and
// things, opinions said and said again, personal details that change (the newer fact sometimes
// supersedes the older, sometimes is only newer), plans where several options were suggested and
// one picked, purchases, trips and everyday chatter. Combined deterministically from the written
// seed lists in conversation-seeds9.json; the questions (queries-holdout9.json) were written by
// hand about the generated facts.
import { readFileSync } from "node:fs";
import { calendar, factBook, lastWordTag, RELATIVE, sayWhen } from "./conversation-builder.mjs";
import { capital, first as firstWord, random } from "./seeded.mjs";

const seeds = JSON.parse(readFileSync(new URL("./conversation-seeds9.json", import.meta.url), "utf8"));
// What the others call a person: the first name, or the whole of "Aunt Maggie", "Grandpa Frank".
const first = (person) => (/^(Aunt|Uncle|Grandpa|Grandma) /.test(person) ? person : firstWord(person));
const days = calendar(Date.UTC(2024, 4, 1));
const { iso } = days;

/** A day written one of the ways people write it, with its preposition ("on 14 March 2025"). */
const written = (day, rng) => `on ${days.dayText(day, rng)}`;

/** When something happened on `day`, as said on the day returned (`said`): written, or relative to the day said. */
const RELATIVE9 = [RELATIVE.yesterday, RELATIVE.twoDaysAgo, RELATIVE.lastWeekday, RELATIVE.twoWeeksAgo, RELATIVE.thisMorning];
const when = (day, rng) => sayWhen(day, rng, days, RELATIVE9, 30);

/** One memory's facts in the labelled-facts shape (key, type, title, body, tags, created, supersededBy). */
function memoryFacts(memory, position) {
  const rng = random(104_729 * (position + 5));
  const { facts, add, chain } = factBook(memory.name, iso, (count) => `${String(8 + (count % 12)).padStart(2, "0")}:00:00`);
  const { people, places, activities, smalltalk, topics, attributes, plans, items, trips } = memory;
  const session = () => rng.pick(seeds.sessions);
  const other = (person) => rng.pick(people.filter((each) => each !== person));
  const tagOf = lastWordTag(/^(the|a|an) /);

  // Who did what, when; small talk about it later; plans to do it before.
  for (const [verb, object] of activities) {
    for (const person of rng.shuffle(people).slice(0, rng.int(3, 4))) {
      const day = rng.int(10, 680);
      const { text, said } = when(day, rng);
      const place = rng.int(0, 3) === 0 ? ` near ${rng.pick(places)}` : "";
      add("did", { type: "domain", tags: [...tagOf(object), "life"], title: `${first(person)} ${verb} ${object}`, body: `${person} ${verb} ${object}${place} ${text}, ${first(person)} said ${session()}.` }, said);
      if (rng.int(0, 9) < 7) {
        const later = said + rng.int(1, 40);
        add("smalltalk", { type: "domain", tags: [...tagOf(object), "chat"], title: `Chat about ${object}`, body: `${written(later, rng)[0].toUpperCase()}${written(later, rng).slice(1)} ${first(other(person))} ${rng.pick(smalltalk)} when ${first(person)} brought up ${object} ${session()}.` }, later);
      }
      if (rng.int(0, 9) < 3) {
        const before = Math.max(0, day - rng.int(10, 60));
        add("thinking", { type: "domain", tags: [...tagOf(object), "plan"], title: `${first(person)} thinking about ${object}`, body: `${person} said ${session()} ${written(before, rng)} that ${object} was on the list for the coming weeks.` }, before);
      }
    }
  }
  // Opinions: each statement said by someone, some said again later; talk that settled nothing.
  for (const [topic, statements] of topics) {
    for (const statement of statements) {
      const person = rng.pick(people);
      const day = rng.int(10, 650);
      add("opinion", { type: "domain", tags: [...tagOf(topic), "opinion"], title: `${first(person)} on ${topic}`, body: `${person} said ${session()} ${written(day, rng)} that ${statement}.` }, day);
      if (rng.int(0, 2) === 0) {
        const later = day + rng.int(20, 150);
        add("opinion", { type: "domain", tags: [...tagOf(topic), "opinion"], title: `${first(person)} again on ${topic}`, body: `${capital(written(later, rng))} ${first(person)} repeated ${session()} that ${statement}.` }, later);
      }
    }
    for (let talk = 0; talk < 4; talk++) {
      const person = rng.pick(people);
      const day = rng.int(10, 700);
      add("talk", { type: "domain", tags: [...tagOf(topic), "chat"], title: `Talk about ${topic}`, body: `${first(person)} and ${first(other(person))} went back and forth about ${topic} ${session()} ${written(day, rng)} without settling anything.` }, day);
    }
  }
  // Personal details that change: the newer fact supersedes the older for half the people, and is only newer for the others.
  for (const [at, person] of people.entries()) {
    for (const [name, verb, values] of rng.shuffle(attributes).slice(0, 3)) {
      const said = verb.startsWith("favourite") ? (who) => `${who}'s ${verb}` : (who) => `${who} ${verb}`;
      const chosen = rng.shuffle(values).slice(0, rng.int(2, 3));
      let day = rng.int(0, 200);
      const versions = chosen.map((value, step) => {
        day += rng.int(60, 220);
        return step === 0
          ? add("detail", { type: "domain", tags: [name.split(" ").slice(-1)[0], "person"], title: `${capital(said(first(person)))} ${value}`, body: `${capital(said(person))} ${value}, ${first(person)} told everyone ${session()} ${written(day, rng)}.` }, day)
          : add("detail", { type: "domain", tags: [name.split(" ").slice(-1)[0], "person"], title: `${first(person)}'s ${name} changed`, body: `${capital(written(day, rng))} ${first(person)} said ${session()} that it is no longer ${chosen[step - 1]}: now ${said(first(person))} ${value}.` }, day);
      });
      if (at % 2 === 0) chain(versions);
    }
  }
  // Plans: options suggested by several people, one picked; sometimes changed again later.
  for (const [event, kind, options] of plans) {
    const order = rng.shuffle(options);
    let day = rng.int(20, 550);
    const guests = people.filter((person) => !event.includes(first(person)));
    for (const option of order.slice(0, 3)) {
      const person = rng.pick(guests);
      add("suggestion", { type: "domain", tags: [...tagOf(event), "plan"], title: `${first(person)} suggested ${option}`, body: `${person} suggested ${option} as the ${kind} for ${event} ${session()} ${written(day, rng)}.` }, day);
      day += rng.int(1, 6);
    }
    const picked = add("pick", { type: "decision", tags: [...tagOf(event), "plan"], title: `${capital(event)}: ${order[0]}`, body: `After a vote ${session()} ${written(day, rng)} we went with ${order[0]} for ${event}; ${first(rng.pick(people))} sorted out the details.` }, day);
    if (rng.int(0, 1) === 0) {
      day += rng.int(10, 40);
      const changed = add("pick", { type: "decision", tags: [...tagOf(event), "plan"], title: `Change of plan for ${event}`, body: `${capital(written(day, rng))} the ${kind} for ${event} changed from ${order[0]} to ${order[1]} because ${first(rng.pick(people))} found a problem with the first choice.` }, day);
      if (rng.int(0, 1) === 0) chain([picked, changed]);
    }
  }
  // Purchases, and someone asking about them.
  for (const item of items) {
    const person = rng.pick(people);
    const day = rng.int(0, 680);
    add("purchase", { type: "domain", tags: [...tagOf(item), "purchase"], title: `${first(person)} bought ${item}`, body: `${person} bought ${item} for ${rng.int(2, 60) * 10} euros ${written(day, rng)}.` }, day);
    add("smalltalk", { type: "domain", tags: [...tagOf(item), "chat"], title: `Chat about ${item}`, body: `${first(other(person))} asked ${session()} ${written(day + rng.int(3, 30), rng)} whether ${item} was worth the money.` }, day + 3);
  }
  // Trips: each place visited by two people; tips for it from a third.
  for (const [city, purpose] of trips) {
    for (const person of rng.shuffle(people).slice(0, 2)) {
      const day = rng.int(20, 690);
      add("trip", { type: "domain", tags: [city.toLowerCase(), "travel"], title: `${first(person)} in ${city}`, body: `${person} was in ${city} for ${purpose} from ${written(day, rng).slice(3)} to ${written(day + rng.int(2, 5), rng).slice(3)}.` }, day);
    }
    const tipper = rng.pick(people);
    add("smalltalk", { type: "domain", tags: [city.toLowerCase(), "chat"], title: `Tips for ${city}`, body: `${first(tipper)} shared a list of places to eat in ${city} ${session()}.` }, rng.int(20, 690));
  }
  // Everyday chatter: the crowd of facts that share every name and thing with the answers.
  const things = [...activities.map(([, object]) => object), ...items, ...places, ...topics.map(([topic]) => topic)];
  for (let day = 5; day < 700; day += 1) {
    const person = rng.pick(people);
    add("chatter", { type: "domain", tags: ["chat"], title: `Chat ${written(day, rng).replace(/^on /, "")}`, body: `${first(person)} mentioned ${rng.pick(things)} and ${rng.pick(things)} ${session()}; ${first(other(person))} ${rng.pick(smalltalk)}.` }, day);
  }
  return facts;
}

/** The three memories of holdout 9: name and facts (labelled-facts shape, with `created`). */
export function holdout9Memories() {
  return seeds.memories.map((memory, position) => ({ name: memory.name, facts: memoryFacts(memory, position) }));
}
