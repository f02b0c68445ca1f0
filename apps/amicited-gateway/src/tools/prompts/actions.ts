// prompts tools that change tracked prompts (write, destructive) or run them now (paid; it
// reports progress, one step per engine, when the request asked for it).
import { arg, defineTools, countOf, domainRowCount, reportProgress } from "../shared";
import { createRandom } from "../../domain/random";
import { ENGINES } from "../../domain/dimensions";
import { GatewayError, GatewayErrorCode } from "../../errors";
import { prompt } from "./common";

/** The prompts toolset's tools about adding, editing and running prompts. */
export const promptsActionTools = defineTools("prompts", (t, store) => [
  t.act({
    name: "prompts_add",
    kind: "write",
    description:
      "Start tracking a new question in the AI engines. Checks the plan's prompts-per-domain limit.",
    params: {
      text: arg.text("The question, as a user would ask it.", 300),
      topic: arg.text("Topic label.", 60),
      intent: arg.oneOf(["informational", "commercial"], "Intent."),
    },
    required: ["text"],
    planLimit: {
      key: "prompts_per_domain",
      what: "prompts per domain",
      count: (scope) => domainRowCount("prompts")(scope.domainId),
    },
    run: async (args, d) => {
      const r = await store.run(
        "INSERT INTO prompts (domain_id, text, topic, intent, active, created_at) VALUES (?, ?, ?, ?, 1, ?) RETURNING id",
        [
          d.id,
          args.text,
          args.topic ?? "buying guide",
          args.intent ?? "informational",
          new Date().toISOString().slice(0, 10),
        ],
      );
      return { prompt_id: r.lastInsertId, text: args.text };
    },
  }),
  t.act({
    name: "prompts_bulk_import",
    kind: "write",
    description:
      "Track several questions at once (up to 50). All or none: refused when they would pass the plan's prompt limit.",
    params: {
      texts: {
        type: "array",
        items: { type: "string", minLength: 1, maxLength: 300 },
        minItems: 1,
        maxItems: 50,
        description: "Questions to track.",
      },
      topic: arg.text("Topic for all of them.", 60),
    },
    required: ["texts"],
    run: async (args, d) => {
      const texts = args.texts;
      const used = await countOf(store, domainRowCount("prompts")(d.id));
      if (used + texts.length > d.limits.prompts_per_domain)
        throw new GatewayError(
          GatewayErrorCode.PLAN_LIMIT,
          `plan "${d.plan}" allows ${d.limits.prompts_per_domain} prompts per domain; ${used} exist and ${texts.length} were sent. Send at most ${Math.max(0, d.limits.prompts_per_domain - used)} or upgrade with account_change_plan.`,
        );
      const day = new Date().toISOString().slice(0, 10);
      await store.batch(
        texts.map((text) => ({
          sql: "INSERT INTO prompts (domain_id, text, topic, intent, active, created_at) VALUES (?, ?, ?, 'informational', 1, ?)",
          params: [d.id, text, args.topic ?? "imported", day],
        })),
      );
      return { imported: texts.length, prompts_now: used + texts.length };
    },
  }),
  t.change({
    name: "prompts_update_text",
    description: "Reword a tracked prompt (history stays attached).",
    row: prompt,
    column: "text",
    value: arg.text("New wording.", 300),
  }),
  t.change({
    name: "prompts_set_topic",
    description: "Move a prompt to another topic.",
    row: prompt,
    column: "topic",
    value: arg.text("Topic label.", 60),
    answer: "value",
  }),
  t.change({
    name: "prompts_set_active",
    description: "Pause (active=false) or resume (active=true) tracking of a prompt.",
    row: prompt,
    column: "active",
    value: { type: "boolean", description: "true resumes, false pauses." },
    answer: "value",
  }),
  t.remove({
    name: "prompts_delete",
    description: "Stop tracking a prompt and delete all its runs and citations.",
    row: prompt,
    dependents: [
      {
        table: "citations",
        where: "run_id IN (SELECT id FROM prompt_runs WHERE prompt_id = ?)",
      },
      "prompt_runs",
    ],
    answer: (p, deleted) => ({ deleted: p.text, runs_deleted: deleted[1] ?? 0 }),
  }),
  t.act({
    name: "prompts_run_now",
    kind: "paid",
    cost: 2,
    description:
      "Ask one prompt to every AI engine now and record the answers (mention, citation, position).",
    of: prompt,
    run: async (args, d, context, p) => {
      const history = await store.all<{ engine: string; rate: number; runs: number }>(
        "SELECT engine, AVG(mentioned) AS rate, COUNT(*) AS runs FROM prompt_runs WHERE prompt_id = ? GROUP BY engine",
        [p.id],
      );
      const random = createRandom(`run:${p.id}:${history.reduce((sum, row) => sum + row.runs, 0)}`);
      const day = new Date().toISOString().slice(0, 10);
      const answers = [];
      for (const engine of ENGINES) {
        const rate = history.find((row) => row.engine === engine)?.rate ?? 0.3;
        const mentioned = random.chance(rate) ? 1 : 0;
        const cited = mentioned && random.chance(0.6) ? 1 : 0;
        const run = await store.run(
          "INSERT INTO prompt_runs (prompt_id, domain_id, engine, day, mentioned, cited, position, sentiment, answer_words, answer_excerpt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
          [
            p.id,
            d.id,
            engine,
            day,
            mentioned,
            cited,
            mentioned ? random.int(1, 5) : null,
            mentioned ? "neutral" : "none",
            random.int(80, 400),
            mentioned ? `…${d.hostname} is one option…` : "…other brands are suggested…",
          ],
        );
        if (cited)
          await store.run(
            "INSERT INTO citations (run_id, domain_id, engine, day, cited_host, url, rank, is_own, competitor_id) VALUES (?, ?, ?, ?, ?, ?, 1, 1, NULL)",
            [run.lastInsertId, d.id, engine, day, d.hostname, `https://${d.hostname}/`],
          );
        answers.push({ engine, run_id: run.lastInsertId, mentioned, cited });
        reportProgress(context, answers.length, ENGINES.length, `asked ${engine}`);
      }
      return { prompt: p.text, answers };
    },
  }),
]);
