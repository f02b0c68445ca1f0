// Entry of the prompt-recall hook bundle, dist/plugin/foundry-core/hooks/prompt-recall.mjs (which
// dist/hooks/prompt-recall.mjs imports), run by Claude Code with the event on stdin.
import { main } from "../prompt-recall-fast";

void main();
