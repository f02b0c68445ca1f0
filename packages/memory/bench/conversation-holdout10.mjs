// Memory holdout 10's facts: three multi-session chats (a neighbourhood association's committee,
// a hospital ward's shift team, a band on tour) as an assistant keeps them, over a thousand facts
// each, with holdout 9's traits in other words: who did what and when (the day written many ways,
// or said relative to the day it was said: "yesterday", "the day before yesterday", "three days
// ago", "last Thursday", "a week ago", "last night"), small talk naming the same people and
// things, opinions said and said again, personal details that change (the newer fact supersedes
// the older for some people, is only newer for the rest), plans where several options were
// suggested and one picked (sometimes changed later), purchases, trips and everyday chatter. Each
// kind of fact is phrased several ways, none of them holdout 9's sentence. Combined
// deterministically from conversation-seeds10.json; the questions (queries-holdout10.json) were
// written by hand about the generated facts.
import { readFileSync } from "node:fs";
import { calendar, factBook, lastWordTag, RELATIVE, sayWhen } from "./conversation-builder.mjs";
import { capital, first, random } from "./seeded.mjs";

const seeds = JSON.parse(readFileSync(new URL("./conversation-seeds10.json", import.meta.url), "utf8"));
const days = calendar(Date.UTC(2024, 8, 1));
const { iso, dayText } = days;

/** When something happened on `day`, as said on the day returned (`said`): written, or relative to the day said. */
const RELATIVE10 = [RELATIVE.yesterday, RELATIVE.dayBeforeYesterday, RELATIVE.threeDaysAgo, RELATIVE.lastWeekday, RELATIVE.aWeekAgo, RELATIVE.lastNight];
const when = (day, rng) => sayWhen(day, rng, days, RELATIVE10, 25);

/** One memory's facts in the labelled-facts shape (key, type, title, body, tags, created, supersededBy). */
function memoryFacts(memory, position) {
  const rng = random(15_485_863 * (position + 3));
  const { facts, add, chain } = factBook(memory.name, iso, (count) => `${String(7 + (count % 14)).padStart(2, "0")}:30:00`);
  const { people, places, activities, smalltalk, topics, attributes, plans, items, trips } = memory;
  const session = () => rng.pick(seeds.sessions);
  const other = (person) => rng.pick(people.filter((each) => each !== person));
  const tagOf = lastWordTag(/^(the|a|an|some) /);

  // Who did what, when; small talk about it later; plans to do it before.
  for (const [verb, object] of activities) {
    for (const person of rng.shuffle(people).slice(0, rng.int(3, 4))) {
      const day = rng.int(10, 680);
      const { text, said } = when(day, rng);
      const place = rng.int(0, 3) === 0 ? ` at ${rng.pick(places)}` : "";
      const bodies = [
        `${person} ${verb} ${object}${place} ${text}, as ${first(person)} mentioned ${session()}.`,
        `${capital(text)} ${person} ${verb} ${object}${place} (told us ${session()}).`,
        `${first(person)} let everyone know ${session()} that they ${verb} ${object}${place} ${text}.`,
      ];
      const title = rng.int(0, 2) === 0 ? `${capital(object)}: ${first(person)}` : `${first(person)} ${verb} ${object}`;
      add("did", { type: "domain", tags: [...tagOf(object), "life"], title, body: rng.pick(bodies) }, said);
      if (rng.int(0, 9) < 7) {
        const later = said + rng.int(1, 40);
        add("smalltalk", { type: "domain", tags: [...tagOf(object), "chat"], title: `Talking about ${object}`, body: `${capital(dayText(later, rng))}: ${first(other(person))} ${rng.pick(smalltalk)} after ${first(person)} mentioned ${object} ${session()}.` }, later);
      }
      if (rng.int(0, 9) < 3) {
        const before = Math.max(0, day - rng.int(10, 60));
        add("intent", { type: "domain", tags: [...tagOf(object), "plan"], title: `${first(person)} hoping to get to ${object}`, body: `On ${dayText(before, rng)} ${person} said ${session()} that ${object} was next on the to-do list.` }, before);
      }
    }
  }
  // Opinions: each statement said by someone, some said again later; talk that settled nothing.
  for (const [topic, statements] of topics) {
    for (const statement of statements) {
      const person = rng.pick(people);
      const day = rng.int(10, 650);
      const bodies = [
        `${person} argued ${session()} on ${dayText(day, rng)} that ${statement}.`,
        `According to ${person} (${session()}, ${dayText(day, rng)}), ${statement}.`,
        `On ${dayText(day, rng)} ${person} said ${session()}: ${statement}.`,
      ];
      add("opinion", { type: "domain", tags: [...tagOf(topic), "opinion"], title: `${first(person)}'s view on ${topic}`, body: rng.pick(bodies) }, day);
      if (rng.int(0, 2) === 0) {
        const later = day + rng.int(20, 150);
        add("opinion", { type: "domain", tags: [...tagOf(topic), "opinion"], title: `${first(person)} still thinks so about ${topic}`, body: `${first(person)} made the same point again ${session()} on ${dayText(later, rng)}: ${statement}.` }, later);
      }
    }
    for (let talk = 0; talk < 4; talk++) {
      const person = rng.pick(people);
      const day = rng.int(10, 700);
      add("talk", { type: "domain", tags: [...tagOf(topic), "chat"], title: `Discussion of ${topic}`, body: `${first(person)} and ${first(other(person))} argued about ${topic} ${session()} on ${dayText(day, rng)} and agreed on nothing.` }, day);
    }
  }
  // Personal details that change: the newer fact supersedes the older for half the people, and is only newer for the others.
  for (const [at, person] of people.entries()) {
    for (const [name, verb, values] of rng.shuffle(attributes).slice(0, 3)) {
      const chosen = rng.shuffle(values).slice(0, rng.int(2, 3));
      let day = rng.int(0, 200);
      const versions = chosen.map((value, step) => {
        day += rng.int(60, 220);
        const firstBodies = [
          `${person} ${verb} ${value}, ${first(person)} mentioned ${session()} on ${dayText(day, rng)}.`,
          `For the record: ${first(person)} ${verb} ${value} (said ${session()}, ${dayText(day, rng)}).`,
        ];
        const laterBodies = [
          `${first(person)} ${verb} ${value} now, not ${chosen[step - 1]} any more (said ${session()} on ${dayText(day, rng)}).`,
          `Update from ${first(person)} on ${dayText(day, rng)}: no longer ${chosen[step - 1]}; ${first(person)} ${verb} ${value} these days.`,
        ];
        return step === 0
          ? add("detail", { type: "domain", tags: [name.split(" ").slice(-1)[0], "person"], title: `${first(person)} ${verb} ${value}`, body: rng.pick(firstBodies) }, day)
          : add("detail", { type: "domain", tags: [name.split(" ").slice(-1)[0], "person"], title: `${first(person)}: new ${name}`, body: step === 0 ? "" : rng.pick(laterBodies) }, day);
      });
      if (at % 2 === 1) chain(versions);
    }
  }
  // Plans: options suggested by several people, one picked; sometimes changed again later.
  for (const [event, kind, options] of plans) {
    const order = rng.shuffle(options);
    let day = rng.int(20, 550);
    const guests = people.filter((person) => !event.includes(first(person)));
    for (const option of order.slice(0, 3)) {
      const person = rng.pick(guests);
      const bodies = [
        `${person} put forward ${option} as the ${kind} for ${event} ${session()} on ${dayText(day, rng)}.`,
        `${person} thought ${option} would make a good ${kind} for ${event} (${session()}, ${dayText(day, rng)}).`,
        `How about ${option} for ${event}? ${person} asked ${session()} on ${dayText(day, rng)}.`,
      ];
      add("suggestion", { type: "domain", tags: [...tagOf(event), "plan"], title: `Idea for ${event}: ${option}`, body: rng.pick(bodies) }, day);
      day += rng.int(1, 6);
    }
    const organiser = first(rng.pick(people));
    const pickBodies = [
      `Settled ${session()} on ${dayText(day, rng)}: ${order[0]} for ${event}, and ${organiser} is handling the booking.`,
      `Most of us voted for ${order[0]} as the ${kind} for ${event} on ${dayText(day, rng)}; ${organiser} will sort it out.`,
      `On ${dayText(day, rng)} everyone agreed on ${order[0]} for ${event}.`,
    ];
    const picked = add("pick", { type: "decision", tags: [...tagOf(event), "plan"], title: `${capital(event)} decided`, body: rng.pick(pickBodies) }, day);
    if (rng.int(0, 1) === 0) {
      day += rng.int(10, 40);
      const changeBodies = [
        `${capital(dayText(day, rng))}: ${event} is now ${order[1]} instead of ${order[0]}, since ${first(rng.pick(people))} found a problem with ${order[0]}.`,
        `Switched the ${kind} for ${event} to ${order[1]} on ${dayText(day, rng)}; ${order[0]} fell through.`,
      ];
      const changed = add("pick", { type: "decision", tags: [...tagOf(event), "plan"], title: `New plan for ${event}`, body: rng.pick(changeBodies) }, day);
      if (rng.int(0, 1) === 0) chain([picked, changed]);
    }
  }
  // Purchases, and someone asking about them.
  for (const item of items) {
    const person = rng.pick(people);
    const day = rng.int(0, 680);
    const price = rng.int(2, 60) * 5;
    const bodies = [
      `${person} bought ${item} for ${price} pounds on ${dayText(day, rng)}.`,
      `${person} picked up ${item} on ${dayText(day, rng)}, ${price} pounds.`,
    ];
    add("purchase", { type: "domain", tags: [...tagOf(item), "purchase"], title: `${first(person)} got ${item}`, body: rng.pick(bodies) }, day);
    add("smalltalk", { type: "domain", tags: [...tagOf(item), "chat"], title: `Talking about ${item}`, body: `${first(other(person))} wanted to know ${session()} on ${dayText(day + rng.int(3, 30), rng)} if ${item} was any good.` }, day + 3);
  }
  // Trips: each place visited by two people; tips for it from a third.
  for (const [city, purpose] of trips) {
    for (const person of rng.shuffle(people).slice(0, 2)) {
      const day = rng.int(20, 690);
      add("trip", { type: "domain", tags: [city.toLowerCase(), "travel"], title: `${first(person)} off to ${city}`, body: `${person} went to ${city} for ${purpose}, ${dayText(day, rng)} until ${dayText(day + rng.int(2, 5), rng)}.` }, day);
    }
    const tipper = rng.pick(people);
    add("smalltalk", { type: "domain", tags: [city.toLowerCase(), "chat"], title: `${city} recommendations`, body: `${first(tipper)} sent round some recommendations for ${city} ${session()}.` }, rng.int(20, 690));
  }
  // Everyday chatter: the crowd of facts that share every name and thing with the answers.
  const things = [...activities.map(([, object]) => object), ...items, ...places, ...topics.map(([topic]) => topic)];
  for (let day = 5; day < 700; day += 1) {
    const person = rng.pick(people);
    add("chatter", { type: "domain", tags: ["chat"], title: `Chat on ${dayText(day, rng)}`, body: `${first(person)} brought up ${rng.pick(things)} and ${rng.pick(things)} ${session()}; ${first(other(person))} ${rng.pick(smalltalk)}.` }, day);
  }
  return facts;
}

/** The three memories of holdout 10: name and facts (labelled-facts shape, with `created`). */
export function holdout10Memories() {
  return seeds.memories.map((memory, position) => ({ name: memory.name, facts: memoryFacts(memory, position) }));
}
