// Memory holdout 11's facts: three multi-session chats (a community theatre company, a small law
// practice, a school rowing club) as an assistant keeps them, over a thousand facts each, with
// holdout 10's traits in other sentences: who did what and when (the day written many ways, or
// said relative to the day it was said: "yesterday", "four days ago", "last Thursday", "a
// fortnight ago", "this morning", "last night"), small talk naming the same people and things,
// opinions said and said again, personal details that change (the newer fact supersedes the older
// for some people, is only newer for the rest), plans where several options were suggested and one
// picked (sometimes changed later), purchases, trips and everyday chatter. Each person has a role
// the others know them by (the director, the paralegal, the cox), which some facts name beside or
// instead of the name. Combined deterministically from conversation-seeds11.json; the questions
// (queries-holdout11.json) were written by hand about the generated facts, never run through the
// search before they were committed.
import { readFileSync } from "node:fs";
import { calendar, factBook, lastWordTag, RELATIVE, sayWhen } from "./conversation-builder.mjs";
import { capital, first, random } from "./seeded.mjs";

const seeds = JSON.parse(readFileSync(new URL("./conversation-seeds11.json", import.meta.url), "utf8"));
const days = calendar(Date.UTC(2025, 0, 6));
const { iso, dayText } = days;

const RELATIVE11 = [RELATIVE.yesterday, RELATIVE.fourDaysAgo, RELATIVE.lastWeekday, RELATIVE.aFortnightAgo, RELATIVE.thisMorning, RELATIVE.lastNight];
/** When something happened on `day`, as said on the day returned (`said`): written, or relative to the day said. */
const when = (day, rng) => sayWhen(day, rng, days, RELATIVE11, 20);

/** One memory's facts in the labelled-facts shape (key, type, title, body, tags, created, supersededBy). */
function memoryFacts(memory, position) {
  const rng = random(32_452_843 * (position + 7));
  const { facts, add, chain } = factBook(memory.name, iso, (count) => `${String(9 + (count % 11)).padStart(2, "0")}:15:00`);
  const { places, activities, smalltalk, topics, attributes, plans, items, trips } = memory;
  const people = memory.people.map(([name]) => name);
  const roleOf = new Map(memory.people);
  const session = () => rng.pick(memory.sessions);
  const other = (person) => rng.pick(people.filter((each) => each !== person));
  const tagOf = lastWordTag(/^(the|a|an|some) /);
  // How a fact names someone: the full name, the first name with the role, or the role alone.
  const named = (person) => rng.pick([person, `${first(person)} (${roleOf.get(person)})`, capital(roleOf.get(person))]);

  // Who did what, when; small talk about it later; plans to do it before.
  for (const [verb, object] of activities) {
    for (const person of rng.shuffle(people).slice(0, rng.int(3, 4))) {
      const day = rng.int(10, 680);
      const { text, said } = when(day, rng);
      const place = rng.int(0, 3) === 0 ? ` at ${rng.pick(places)}` : "";
      const bodies = [
        `${named(person)} ${verb} ${object}${place} ${text}, going by what ${first(person)} wrote ${session()}.`,
        `Heard ${session()}: ${text} ${first(person)} ${verb} ${object}${place}.`,
        `${capital(text)}, ${roleOf.get(person)} ${verb} ${object}${place} — ${first(person)} told us ${session()}.`,
      ];
      const title = rng.int(0, 2) === 0 ? `${first(person)} and ${object}` : `${first(person)} ${verb} ${object}`;
      add("did", { type: "domain", tags: [...tagOf(object), "news"], title, body: rng.pick(bodies) }, said);
      if (rng.int(0, 9) < 7) {
        const later = said + rng.int(1, 40);
        add("smalltalk", { type: "domain", tags: [...tagOf(object), "chat"], title: `Chatting about ${object}`, body: `When ${first(person)} came back to ${object} ${session()} (${dayText(later, rng)}), ${first(other(person))} ${rng.pick(smalltalk)}.` }, later);
      }
      if (rng.int(0, 9) < 3) {
        const before = Math.max(0, day - rng.int(10, 60));
        add("intent", { type: "domain", tags: [...tagOf(object), "plan"], title: `${first(person)} meaning to do ${object}`, body: `${person} promised ${session()} on ${dayText(before, rng)} to get round to ${object} soon.` }, before);
      }
    }
  }
  // Opinions: each statement said by someone, some said again later; talk that settled nothing.
  for (const [topic, statements] of topics) {
    for (const statement of statements) {
      const person = rng.pick(people);
      const day = rng.int(10, 650);
      const bodies = [
        `${named(person)} reckons ${statement} (${session()}, ${dayText(day, rng)}).`,
        `${dayText(day, rng)}, ${session()}: ${person} was adamant that ${statement}.`,
        `In ${first(person)}'s opinion, given ${session()} on ${dayText(day, rng)}, ${statement}.`,
      ];
      add("opinion", { type: "domain", tags: [...tagOf(topic), "opinion"], title: `${first(person)} about ${topic}`, body: rng.pick(bodies) }, day);
      if (rng.int(0, 2) === 0) {
        const later = day + rng.int(20, 150);
        add("opinion", { type: "domain", tags: [...tagOf(topic), "opinion"], title: `${first(person)} repeats the point on ${topic}`, body: `Again ${session()} on ${dayText(later, rng)}, ${first(person)} insisted: ${statement}.` }, later);
      }
    }
    for (let talk = 0; talk < 4; talk++) {
      const person = rng.pick(people);
      const day = rng.int(10, 700);
      add("talk", { type: "domain", tags: [...tagOf(topic), "chat"], title: `Debate over ${topic}`, body: `Long back-and-forth between ${first(person)} and ${first(other(person))} about ${topic} ${session()} on ${dayText(day, rng)}; nothing was decided.` }, day);
    }
  }
  // Personal details that change: the newer fact supersedes the older for every third person, and is only newer for the others.
  for (const [at, person] of people.entries()) {
    for (const [name, verb, values] of rng.shuffle(attributes).slice(0, 3)) {
      const chosen = rng.shuffle(values).slice(0, rng.int(2, 3));
      let day = rng.int(0, 200);
      const versions = chosen.map((value, step) => {
        day += rng.int(60, 220);
        const firstBodies = [
          `${person} ${verb} ${value} — it came up ${session()} on ${dayText(day, rng)}.`,
          `Worth remembering: ${first(person)}, ${roleOf.get(person)}, ${verb} ${value} (${dayText(day, rng)}).`,
        ];
        const laterBodies = [
          `Since ${dayText(day, rng)} ${first(person)} ${verb} ${value}; it used to be ${chosen[step - 1]} (mentioned ${session()}).`,
          `${first(person)} told us ${session()} on ${dayText(day, rng)} that ${first(person)} ${verb} ${value} these days rather than ${chosen[step - 1]}.`,
        ];
        return step === 0
          ? add("detail", { type: "domain", tags: [name.split(" ").slice(-1)[0], "person"], title: `${first(person)}: ${name}`, body: rng.pick(firstBodies) }, day)
          : add("detail", { type: "domain", tags: [name.split(" ").slice(-1)[0], "person"], title: `${first(person)}'s ${name} is different now`, body: rng.pick(laterBodies) }, day);
      });
      if (at % 3 === 0) chain(versions);
    }
  }
  // Plans: options suggested by several people, one picked; sometimes changed again later.
  for (const [event, kind, options] of plans) {
    const order = rng.shuffle(options);
    let day = rng.int(20, 550);
    for (const option of order.slice(0, 3)) {
      const person = rng.pick(people.filter((each) => !event.includes(first(each))));
      const bodies = [
        `${named(person)} suggested ${option} as the ${kind} for ${event} ${session()} on ${dayText(day, rng)}.`,
        `What about ${option}? — ${first(person)}'s idea for ${event}, floated ${session()} (${dayText(day, rng)}).`,
        `${person} was keen on ${option} for ${event} when we talked ${session()} on ${dayText(day, rng)}.`,
      ];
      add("suggestion", { type: "domain", tags: [...tagOf(event), "plan"], title: `${capital(event)}: ${option}?`, body: rng.pick(bodies) }, day);
      day += rng.int(1, 6);
    }
    const organiser = first(rng.pick(people));
    const pickBodies = [
      `Final answer ${session()} on ${dayText(day, rng)}: ${order[0]} for ${event}. ${organiser} is taking care of it.`,
      `We went with ${order[0]} as the ${kind} for ${event} (${dayText(day, rng)}), and ${organiser} is sorting the details.`,
      `${capital(order[0])} it is for ${event} — agreed ${session()} on ${dayText(day, rng)}.`,
    ];
    const picked = add("pick", { type: "decision", tags: [...tagOf(event), "plan"], title: `${capital(event)} agreed`, body: rng.pick(pickBodies) }, day);
    if (rng.int(0, 1) === 0) {
      day += rng.int(10, 40);
      const changeBodies = [
        `Change of heart on ${dayText(day, rng)}: ${event} will be ${order[1]} after all, not ${order[0]}, because ${first(rng.pick(people))} found ${order[0]} unworkable.`,
        `${capital(order[0])} fell through, so since ${dayText(day, rng)} the ${kind} for ${event} is ${order[1]}.`,
      ];
      const changed = add("pick", { type: "decision", tags: [...tagOf(event), "plan"], title: `${capital(event)} changed`, body: rng.pick(changeBodies) }, day);
      if (rng.int(0, 1) === 0) chain([picked, changed]);
    }
  }
  // Purchases, and someone asking about them.
  for (const item of items) {
    const person = rng.pick(people);
    const day = rng.int(0, 680);
    const price = rng.int(3, 80) * 5;
    const bodies = [
      `${named(person)} paid £${price} for ${item} on ${dayText(day, rng)}.`,
      `${item[0].toUpperCase()}${item.slice(1)} arrived on ${dayText(day, rng)}; ${first(person)} ordered it, £${price}.`,
    ];
    add("purchase", { type: "domain", tags: [...tagOf(item), "purchase"], title: `${first(person)} bought ${item}`, body: rng.pick(bodies) }, day);
    add("smalltalk", { type: "domain", tags: [...tagOf(item), "chat"], title: `Chatting about ${item}`, body: `${first(other(person))} asked ${session()} on ${dayText(day + rng.int(3, 30), rng)} whether ${item} had been a good buy.` }, day + 3);
  }
  // Trips: each place visited by two people; tips for it from a third.
  for (const [city, purpose] of trips) {
    for (const person of rng.shuffle(people).slice(0, 2)) {
      const day = rng.int(20, 690);
      add("trip", { type: "domain", tags: [city.toLowerCase(), "travel"], title: `${first(person)} away in ${city}`, body: `${named(person)} was away in ${city} for ${purpose} from ${dayText(day, rng)} to ${dayText(day + rng.int(2, 6), rng)}.` }, day);
    }
    const tipper = rng.pick(people);
    add("smalltalk", { type: "domain", tags: [city.toLowerCase(), "chat"], title: `${city} tips`, body: `${first(tipper)} passed on a few tips for ${city} ${session()}.` }, rng.int(20, 690));
  }
  // Everyday chatter: the crowd of facts that share every name and thing with the answers.
  const things = [...activities.map(([, object]) => object), ...items, ...places, ...topics.map(([topic]) => topic)];
  for (let day = 4; day < 700; day += 1) {
    const person = rng.pick(people);
    add("chatter", { type: "domain", tags: ["chat"], title: `Catch-up, ${dayText(day, rng)}`, body: `${first(person)} talked about ${rng.pick(things)} and ${rng.pick(things)} ${session()}; ${first(other(person))} ${rng.pick(smalltalk)}.` }, day);
  }
  return facts;
}

/** The three memories of holdout 11: name and facts (labelled-facts shape, with `created`). */
export function holdout11Memories() {
  return seeds.memories.map((memory, position) => ({ name: memory.name, facts: memoryFacts(memory, position) }));
}
