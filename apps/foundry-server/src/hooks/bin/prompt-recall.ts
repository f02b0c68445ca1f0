// Entry of the prompt-recall hook bundle (dist/hooks/prompt-recall.mjs), run by Claude Code with the event on stdin.
import { main } from "../prompt-recall-fast";

void main();
