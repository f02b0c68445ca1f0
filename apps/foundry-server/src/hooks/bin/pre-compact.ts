// Entry of the pre-compact hook bundle, dist/plugin/foundry-core/hooks/pre-compact.mjs (which
// dist/hooks/pre-compact.mjs imports), run by Claude Code with the event on stdin.
import { main } from "../pre-compact";

void main();
