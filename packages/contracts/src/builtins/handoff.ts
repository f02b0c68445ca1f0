// handoff.v1: what one wave passes to the next: a summary, where the details are, what to do next.

import { defineContract, text, textList } from "./common";

/** `handoff.v1`: summary, artifact paths and the next steps for whoever continues. */
export const handoffV1 = defineContract({
  id: "handoff.v1",
  title: "Handoff",
  description:
    "What a wave hands to the next one: a short summary, the paths holding the details (not the details), decisions and next steps.",
  required: ["summary", "nextSteps"],
  properties: {
    summary: text("State of the work in a few sentences.", 2000),
    to: text("Next agent or wave, when known.", 80),
    artifacts: textList(
      "Paths of blackboard artifacts or files to open, relative to the project root.",
      500,
    ),
    decisions: textList("Decisions taken that the next wave must respect."),
    openQuestions: textList("What is still unknown."),
    nextSteps: { ...textList("What to do next, in order."), minItems: 1 },
  },
  example: {
    summary: "Audit done: one high finding on tenant isolation, nothing else blocking.",
    to: "implementation",
    artifacts: [".foundry/blackboard/audit/appsec-reviewer.json"],
    decisions: ["Fix in the repository layer, not in each handler"],
    nextSteps: ["Implement plan.v1 in .foundry/blackboard/planning/planner.json"],
  },
});
