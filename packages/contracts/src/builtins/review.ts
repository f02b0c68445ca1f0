// review.v1: a reviewer's verdict, a short summary and its findings (each a finding.v1).

import { defineContract, text, textList } from "./common";
import { findingV1 } from "./finding";

/** `review.v1`: summary, verdict and `findings` of finding.v1. */
export const reviewV1 = defineContract({
  id: "review.v1",
  title: "Review",
  description:
    "The outcome of reviewing code, a design or a plan: a summary a caller can read alone, plus the findings.",
  required: ["summary", "findings"],
  properties: {
    summary: text(
      "What the review concluded, readable without the findings (what blackboard_read shows).",
      2000,
    ),
    verdict: {
      enum: ["approve", "request-changes", "block"],
      description: "What the reviewer recommends.",
    },
    scope: text("What was reviewed: paths, a diff range, a document.", 1000),
    findings: {
      type: "array",
      maxItems: 200,
      items: { $ref: "finding.v1" },
      description: "Zero or more finding.v1.",
    },
    notes: textList("Remarks that are not findings."),
  },
  example: {
    summary: "One high finding: order lookup ignores the tenant. Blocking until fixed.",
    verdict: "request-changes",
    scope: "src/api/orders.ts",
    findings: [findingV1.example],
  },
});
