// Entry of the subagent-stop hook bundle, dist/plugin/foundry-core/hooks/subagent-stop.mjs (which
// dist/hooks/subagent-stop.mjs imports), run by Claude Code with the event on stdin.
import { main } from "../subagent-stop";

void main();
