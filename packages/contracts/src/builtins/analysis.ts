// analysis.v1: the answer to a question about the code or the domain, with its observations.

import { CONFIDENCE, defineContract, text, textList } from "./common";

/** `analysis.v1`: a question, its answer and the observations behind it. */
export const analysisV1 = defineContract({
  id: "analysis.v1",
  title: "Analysis",
  description:
    "The answer to a question about the code, the system or the domain, with the observations it rests on.",
  required: ["question", "summary"],
  properties: {
    question: text("What was investigated.", 1000),
    summary: text("The answer, readable alone.", 2000),
    observations: {
      type: "array",
      maxItems: 100,
      items: {
        type: "object",
        required: ["statement"],
        properties: {
          statement: text("One thing observed.", 1000),
          evidence: text("Excerpt, measurement or log line.", 4000),
          source: text("File path, URL or command it came from.", 500),
        },
      },
    },
    conclusions: textList("What follows from the observations."),
    confidence: CONFIDENCE,
    openQuestions: textList("What could not be settled."),
  },
  example: {
    question: "Where is the tenant of a request resolved?",
    summary: "In TenantMiddleware from the JWT `tid` claim; repositories never see it.",
    observations: [
      { statement: "TenantMiddleware sets req.tenantId", source: "src/http/tenant-middleware.ts" },
      {
        statement: "OrderRepository.findById takes only an id",
        source: "src/repositories/order-repository.ts",
      },
    ],
    conclusions: ["Every repository lookup by id is tenant-blind"],
    confidence: "high",
  },
});
