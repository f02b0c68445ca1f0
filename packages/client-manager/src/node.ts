// Node-only entry "@foundry-mcp/client-manager/node": stdio servers in their own process groups,
// the NodeClientManager that uses them, and the config and credentials files of a host's home folder.
export { NodeClientManager } from "./node/node-client-manager";
export type { NodeClientManagerOptions } from "./node/node-client-manager";
export { ProcessGroupStdioTransport, launchStdioServer, INHERITED_ENV_VARS, MAX_STDERR_LINE_BYTES } from "./node/stdio-transport";
export { groupAlive, signalGroup, terminateGroup, observeProcessGroups } from "./node/process-group";
export type { GroupObserver } from "./node/process-group";
export { startProcessWatchdog } from "./node/process-watchdog";
export type { ProcessWatchdog, ProcessWatchdogOptions } from "./node/process-watchdog";
export { ConfigStore, loadHostConfig, saveHostConfig, loadCredentials, resolveHomeFolder } from "./node/config-store";
export { LearnedRequestsFile, DEFAULT_LEARNED_ENTRIES } from "./node/learned-requests-file";
export type { LearnedRequestsFileOptions } from "./node/learned-requests-file";
export { MAX_FORGET_RECORDS, selectionPicks } from "./node/learned-forgets";
export type { LearnedForget, LearnedPair, LearnedSelection } from "./node/learned-forgets";
export { loginOAuthServer } from "./node/oauth-login";
export type { OAuthLoginOptions, OAuthLoginResult } from "./node/oauth-login";
