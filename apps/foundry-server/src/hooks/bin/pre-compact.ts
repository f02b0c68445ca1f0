// Entry of the pre-compact hook bundle (dist/hooks/pre-compact.mjs), run by Claude Code with the event on stdin.
import { main } from "../pre-compact";

void main();
