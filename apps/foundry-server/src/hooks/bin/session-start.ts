// Entry of the session-start hook bundle, dist/plugin/foundry-core/hooks/session-start.mjs (which
// dist/hooks/session-start.mjs imports), run by Claude Code with the event on stdin.
import { main } from "../session-start";

void main();
