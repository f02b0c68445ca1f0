// Strings several hooks share: how the plugin's tools are addressed in Claude Code.

/** The prefix Claude Code gives the plugin server's tools. */
export const TOOL_PREFIX = "mcp__plugin_foundry-core_foundry__";
