// finding.v1: one problem a reviewer found, with the concrete scenario in which it fails.
// review.v1 lists these; see ../builtins/index.ts for the catalogue.

import { CONFIDENCE, defineContract, identifier, text } from "./common";

/** `finding.v1`: one problem, its severity and the concrete way it fails. */
export const findingV1 = defineContract({
  id: "finding.v1",
  title: "Finding",
  description:
    "One problem found by a reviewer or auditor. `failureScenario` is required: a finding without a concrete way to fail is an opinion.",
  required: ["title", "severity", "failureScenario"],
  properties: {
    id: identifier("Stable id within the review, e.g. F-3."),
    title: text("The problem in one line.", 200),
    severity: { enum: ["low", "medium", "high", "critical"], description: "Impact if it happens." },
    failureScenario: text(
      "The concrete sequence that goes wrong: input, path taken, consequence.",
      4000,
    ),
    category: text("e.g. security, correctness, performance, maintainability.", 80),
    location: {
      type: "object",
      required: ["file"],
      properties: {
        file: text("Path relative to the project root.", 500),
        line: { type: "integer", minimum: 1 },
        endLine: { type: "integer", minimum: 1 },
        symbol: text("Function, class or route concerned.", 200),
      },
    },
    evidence: text("What was observed: a code excerpt, a log line, a failing request.", 4000),
    recommendation: text("The fix, specific enough to act on.", 4000),
    confidence: CONFIDENCE,
  },
  example: {
    id: "F-1",
    title: "Order lookup ignores the caller's tenant",
    severity: "high",
    failureScenario:
      "A user of tenant A calls GET /api/orders/981 with an order id of tenant B; the handler loads the order by id only and returns it.",
    category: "security",
    location: { file: "src/api/orders.ts", line: 42, symbol: "getOrder" },
    recommendation: "Filter by tenantId in OrderRepository.findById and return 404 otherwise.",
    confidence: "high",
  },
});
