// Entry of the session-start hook bundle (dist/hooks/session-start.mjs), run by Claude Code with the event on stdin.
import { main } from "../session-start";

void main();
