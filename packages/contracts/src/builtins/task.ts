// task.v1: one unit of work with its status; a blocked task must say why.

import { defineContract, identifier, text, textList } from "./common";

/** `task.v1`: one unit of work; `blockedReason` is required when `status` is `blocked`. */
export const taskV1 = defineContract({
  id: "task.v1",
  title: "Task",
  description:
    "One unit of work and its state. A task with status `blocked` must carry `blockedReason`.",
  required: ["id", "title", "status"],
  properties: {
    id: identifier("Task id, e.g. T-7."),
    title: text("The task as an instruction.", 200),
    goal: text("Why it matters / what done looks like.", 1000),
    status: {
      enum: ["todo", "in-progress", "blocked", "done", "cancelled"],
      description: "Current state.",
    },
    blockedReason: text("What blocks it and who can unblock it.", 1000),
    summary: text("What was done or found so far.", 2000),
    acceptanceCriteria: textList("Checks that prove the task is done."),
    files: textList("Paths relative to the project root.", 500),
    dependsOn: { type: "array", uniqueItems: true, items: identifier("Id of another task.") },
    assignee: text("Agent or person doing it.", 80),
  },
  extra: {
    if: { properties: { status: { const: "blocked" } }, required: ["status"] },
    then: { required: ["blockedReason"] },
  },
  example: {
    id: "T-7",
    title: "Scope order lookup by tenant",
    status: "done",
    summary: "findById now takes tenantId; 3 call sites updated; regression test added.",
    files: ["src/repositories/order-repository.ts", "test/orders.test.ts"],
    acceptanceCriteria: ["cross-tenant lookup returns 404"],
  },
});
