// plan.v1: a goal broken into ordered steps with dependencies, produced by a planning wave.

import { defineContract, identifier, text, textList } from "./common";

/** `plan.v1`: a goal and the steps that reach it. */
export const planV1 = defineContract({
  id: "plan.v1",
  title: "Plan",
  description:
    "A goal broken into steps another agent can execute; `dependsOn` names earlier step ids.",
  required: ["goal", "steps"],
  properties: {
    goal: text("What is true when the plan is done.", 1000),
    summary: text("The approach in a few sentences.", 2000),
    steps: {
      type: "array",
      minItems: 1,
      maxItems: 100,
      items: {
        type: "object",
        required: ["id", "title"],
        properties: {
          id: identifier("Step id, e.g. step-1."),
          title: text("The step as an instruction.", 200),
          detail: text("How, where, with what.", 4000),
          dependsOn: {
            type: "array",
            uniqueItems: true,
            items: identifier("Id of an earlier step."),
          },
          owner: text("Agent or role expected to do it.", 80),
          acceptance: textList("Checks that prove the step is done."),
        },
      },
    },
    assumptions: textList("What the plan takes for granted."),
    risks: textList("What could make it fail."),
    outOfScope: textList("What the plan deliberately leaves out."),
  },
  example: {
    goal: "Orders are only visible to users of the tenant that owns them.",
    summary: "Scope the repository query by tenant, then cover it with a regression test.",
    steps: [
      { id: "step-1", title: "Add tenantId to OrderRepository.findById", owner: "backend-dev" },
      {
        id: "step-2",
        title: "Regression test: cross-tenant lookup returns 404",
        dependsOn: ["step-1"],
        acceptance: ["test fails before step-1 and passes after"],
      },
    ],
    risks: ["Admin tooling that reads orders across tenants"],
  },
});
