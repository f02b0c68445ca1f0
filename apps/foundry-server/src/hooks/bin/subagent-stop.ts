// Entry of the subagent-stop hook bundle (dist/hooks/subagent-stop.mjs), run by Claude Code with the event on stdin.
import { main } from "../subagent-stop";

void main();
