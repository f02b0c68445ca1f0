// The conformance suite's input-required fixtures (SEP-2322 scenarios, 2026-07-28), each as its
// scenario text describes it, written on server-kit's ClientAsking: every tool asks through the
// AskClient it is handed, and the same code asks with real requests of a 2025 client. Nothing
// here builds an input-required result or a requestState itself. Used by conformance-features.mjs.

const text = (value) => ({ content: [{ type: "text", text: value }] });
const noArgs = { type: "object", properties: {} };
const form = (name, type = "string") => ({ type: "object", properties: { [name]: { type } }, required: [name] });
const textOf = (content) => (content.type === "text" ? content.text : JSON.stringify(content));
const userSays = (value) => [{ role: "user", content: { type: "text", text: value } }];
const rootsText = (roots) => roots.map((root) => root.uri).join(", ") || "(none)";

const askName = (ask, key = "user_name", message = "What is your name?") => ask.elicit(key, { message, requestedSchema: form("name") });
const confirm = (ask) => ask.elicit("confirm", { message: "Please confirm", requestedSchema: form("ok", "boolean") });

export const INPUT_REQUIRED_TOOLS = {
  test_input_required_result_elicitation: [noArgs, async (_request, _extra, ask) => {
    const answer = await askName(ask);
    return text(answer.action === "accept" ? `Hello, ${answer.content?.name}!` : `No name was given (${answer.action}).`);
  }],
  test_input_required_result_sampling: [noArgs, async (_request, _extra, ask) => {
    const answer = await ask.createMessage("capital_question", { messages: userSays("What is the capital of France?"), maxTokens: 100 });
    return text(`LLM response: ${textOf(answer.content)}`);
  }],
  test_input_required_result_list_roots: [noArgs, async (_request, _extra, ask) => {
    const answer = await ask.listRoots("client_roots");
    return text(`Client roots: ${rootsText(answer.roots)}`);
  }],
  // "state-ok" only when the retry brought a requestState that verified (round > 0).
  test_input_required_result_request_state: [noArgs, async (_request, _extra, ask) => {
    const answer = await confirm(ask);
    const state = ask.round > 0 ? "state-ok" : "no requestState came back";
    return text(`${state}: action=${answer.action}, ok=${answer.content?.ok}`);
  }],
  // Three questions asked together: one round.
  test_input_required_result_multiple_inputs: [noArgs, async (_request, _extra, ask) => {
    const [name, greeting, roots] = await Promise.all([
      askName(ask),
      ask.createMessage("greeting", { messages: userSays("Generate a greeting"), maxTokens: 50 }),
      ask.listRoots("client_roots"),
    ]);
    return text(`name=${name.content?.name}; greeting=${textOf(greeting.content)}; roots=${rootsText(roots.roots)}`);
  }],
  // Two questions one after the other: two rounds, the first answer kept in the state.
  test_input_required_result_multi_round: [noArgs, async (_request, _extra, ask) => {
    const name = await askName(ask, "step1", "Step 1: What is your name?");
    const color = await ask.elicit("step2", { message: "Step 2: What is your favorite color?", requestedSchema: form("color") });
    return text(`${name.content?.name} likes ${color.content?.color}`);
  }],
  test_input_required_result_tampered_state: [noArgs, async (_request, _extra, ask) => {
    const answer = await confirm(ask);
    return text(`Confirmed: action=${answer.action}, ok=${answer.content?.ok}`);
  }],
  // Asks only what the request declared it can answer.
  test_input_required_result_capabilities: [noArgs, async (_request, _extra, ask) => {
    const questions = [];
    if (ask.can("sampling")) questions.push(ask.createMessage("capability_sampling", { messages: userSays("Say hello"), maxTokens: 20 }));
    if (ask.can("elicitation")) questions.push(askName(ask, "capability_elicitation"));
    if (ask.can("roots")) questions.push(ask.listRoots("capability_roots"));
    if (questions.length === 0) return text("The client declared none of sampling, elicitation and roots: nothing to ask.");
    const answers = await Promise.all(questions);
    return text(`The client answered ${answers.length} input request(s).`);
  }],
  // server-stateless' probe: a 2026-07-28 answer stream carries no independent request, only this result.
  test_streaming_elicitation: [noArgs, async (_request, _extra, ask) => {
    const answer = await ask.elicit("confirmation", { message: "Continue?", requestedSchema: form("continue", "boolean") });
    return text(`Streaming elicitation answered: action=${answer.action}`);
  }],
};

export const INPUT_REQUIRED_PROMPTS = {
  test_input_required_result_prompt: {
    description: "A prompt that asks the client for its context first",
    arguments: [],
    messages: async (_args, ask) => {
      const answer = await ask.elicit("user_context", { message: "What context should the prompt use?", requestedSchema: form("context") });
      return userSays(`Use this context: ${answer.content?.context ?? "(none given)"}`);
    },
  },
};
