// The help texts of `foya` and each of its commands. Kept in one place so README and --help agree.

/** `foya --help`. */
export const MAIN_HELP = `foya: an MCP client host. Connects to many MCP servers (stdio, Streamable HTTP, SSE),
keeps their tools in one registry, and serves them all as one MCP server.

Usage: foya <command> [options]

Configuration ($FOYA_HOME, default ~/.foya: mcp.json, mcp-credentials.json):
  mcp list [--json]                       configured servers (tokens shown only as has_token)
  mcp add <name> [--env K=V]… [--cwd DIR] -- <command> [args…]
  mcp add <name> --transport streamable_http|sse --url URL [--header K=V]… [--bearer-token T]
  mcp remove|enable|disable <name>
  mcp import <file> [--dry-run]           Claude Desktop/Code, Cursor or VS Code servers, translated
  mcp status [--json]                     connect each enabled server and report its state
  mcp login <name> [--no-browser]         sign in to an OAuth-protected remote server
  mcp logout <name>                       forget its OAuth tokens

Using the servers:
  tools [--server S] [--json]             every tool under its host name mcp__<server>__<tool>
  call <host-tool-name> [--args JSON] [--json]
  resources [--server S] [--json]
  read <server> <uri> [--json]
  prompts [--server S] [--json]
  prompt <server> <name> [--args JSON] [--json]

Serving and showing:
  serve [--approval auto|ask|deny] [--progressive [--no-learning]]   one MCP server over stdio in front of all
  serve --http [--host H] [--port N] [--token T]     the same over Streamable HTTP (bearer token)
        [--drain-seconds 20]                         /healthz, /readyz; SIGTERM drains (docs/operators)
  serve … [--log-format text|json]        stderr as plain lines (default) or one JSON object per line
  status [--url URL] [--json]             live status of a running foya serve --http
  demo                                    foundry-server + amicited-gateway, with token costs

What serve --progressive learned from its clients' searches ($FOYA_HOME/learned-requests.json):
  learned list [--server S] [--json]      newest first: the tool, the request that found it
  learned forget [--server S | --tool T]  all, one server's or one tool's; running serves follow

  --help, -h       help (also after a command: foya mcp add --help)
  --version, -v    version
`;

/** Per-command help, keyed by the command's words. */
export const COMMAND_HELP: Record<string, string> = {
  mcp: `Usage: foya mcp <subcommand> [options]
Edits and checks the servers in $FOYA_HOME/mcp.json (tokens in mcp-credentials.json).
  list [--json]                       configured servers (tokens shown only as has_token)
  add <name> [--env K=V]… [--cwd DIR] -- <command> [args…]
  add <name> --transport streamable_http|sse --url URL [--header K=V]… [--bearer-token T]
  remove|enable|disable <name>
  import <file> [--dry-run]           Claude Desktop/Code, Cursor or VS Code servers, translated
  status [--json]                     connect each enabled server and report its state
  login <name> [--no-browser]         sign in to an OAuth-protected remote server
  logout <name>                       forget its OAuth tokens
Help on one: foya mcp <subcommand> --help`,
  "mcp list": `Usage: foya mcp list [--json]
Lists configured servers. Tokens are never shown: has_token says whether one is stored, auth how the
server is authorized (none, bearer: a token or Authorization header, oauth: foya mcp login).`,
  "mcp add": `Usage:
  foya mcp add <name> [--env K=V]… [--cwd DIR] [--disabled] -- <command> [args…]
  foya mcp add <name> --transport streamable_http|sse --url URL [--header K=V]… [--bearer-token T] [--disabled]
Adds a server, or replaces the one of that name ("Replaced <name>"; its stored token is dropped
unless --bearer-token is given again). Names: 1-32 letters, digits, "-" or single "_".
Env and header values may use \${VAR} and \${VAR:-default}.
The bearer token is stored only in mcp-credentials.json (mode 0600). Put secrets in
--bearer-token or \${VAR} references, not in --header Authorization=….`,
  "mcp remove": "Usage: foya mcp remove <name>\nRemoves a server and its stored token.",
  "mcp enable": "Usage: foya mcp enable <name>",
  "mcp disable": "Usage: foya mcp disable <name>\nA disabled server stays configured but is never started.",
  "mcp import": `Usage: foya mcp import <file> [--dry-run] [--json] [--format F] [--workspace DIR] [--project PATH] [--input ID=VALUE]…
Imports the servers of another MCP client: Claude Desktop (claude_desktop_config.json), Claude Code
(.mcp.json, ~/.claude.json with its projects), Cursor (.cursor/mcp.json) or VS Code (.vscode/mcp.json,
settings.json "mcp"). The client is told by the file's name and shape, or by --format
(claude-desktop, claude-code, cursor, vscode). Each value is translated as that client reads it:
\${VAR} and \${VAR:-default} stay references (expanded when foya connects), \${env:NAME} becomes
\${NAME:-}, \${workspaceFolder} and \${userHome} become paths (--workspace names the folder when
the file is in none), VS Code inputs are asked for (or given with --input), envFile is read.
A server with a value that cannot be translated is refused with the reason, never half-imported.
Secrets (literal bearer tokens, password inputs, envFile values) go to mcp-credentials.json (0600),
never to mcp.json or the output. --dry-run prints what would be written and writes nothing.
--project picks one project of ~/.claude.json (default: all, with the user-scope servers).`,
  "mcp login": `Usage: foya mcp login <name> [--no-browser] [--timeout SECONDS] [--client-secret-env VAR]
Signs in to an OAuth-protected remote server (MCP authorization): discovers its authorization
server, registers foya as a client when needed, and opens the sign-in page in a browser (with
--no-browser it only prints the URL). The redirect comes back to http://127.0.0.1:<port>/callback.
Tokens go to mcp-credentials.json (0600) and are refreshed before they expire; they are never
printed. --client-secret-env names a variable holding a pre-registered client's secret
(servers with "oauth": {"clientId": …}; "grant": "client_credentials" needs no browser).`,
  "mcp logout": `Usage: foya mcp logout <name>
Removes the server's OAuth tokens and client registration from mcp-credentials.json.`,
  "mcp status": `Usage: foya mcp status [--json]
Connects each enabled server and reports its state, tool, resource and prompt counts and last error.
Exits 0 even when a server is in error (the state says so); scripts read --json.`,
  tools: "Usage: foya tools [--server S] [--json]\nLists every tool of the connected servers under its host name.",
  call: `Usage: foya call <host-tool-name> [--args JSON] [--json]
Calls one tool, e.g. foya call mcp__mem__memory_search --args '{"query":"queue"}'.
Exits 1 when the tool returns an error result.`,
  resources: "Usage: foya resources [--server S] [--json]",
  read: "Usage: foya read <server> <uri> [--json]",
  prompts: "Usage: foya prompts [--server S] [--json]",
  prompt: "Usage: foya prompt <server> <name> [--args JSON] [--json]\n--args is an object of string values.",
  serve: `Usage: foya serve [--approval auto|ask|deny] [--progressive [--no-learning] | --short-names [--client-prefix P]] [--http [--host H] [--port N] [--token T] [--metrics-token T]]
One MCP server over stdio (or Streamable HTTP) in front of every configured server. Tools keep their host names,
resources become foya://<server>/<uri>, prompts <server>__<name>. Edits to mcp.json are
followed live and announced with notifications/tools/list_changed.
  --approval auto   every call goes through (default; the client in front asks its user)
  --approval ask    read-only tools pass; others are put to the user through MCP elicitation,
                    and refused when the client cannot be asked
  --approval deny   every call is refused
  --progressive     four tools (search_tools, describe_tool, read_tool, run_tool) instead of all;
                    a search followed by a call of a tool it showed teaches search those words
                    for that tool, kept in $FOYA_HOME/learned-requests.json (foya learned list);
                    serves sharing the home look for each other's every FOYA_LEARNED_REFRESH_MS
                    (default 10000)
  --no-learning     with --progressive: learn nothing, and neither read nor write that file
  --short-names     list tools as <server>__<tool>, cut to fit 64 characters after the prefix the
                    client adds (--client-prefix, default mcp__foya__: Claude Code's for "foya")
  --http            Streamable HTTP at http://<host>:<port>/mcp instead of stdio (host 127.0.0.1,
                    port 0 = any free one; the URL is printed on stderr and kept in serve.json).
                    Requests need Authorization: Bearer <token>: --token, FOYA_SERVE_TOKEN, or the
                    token generated once into $FOYA_HOME/serve-token (0600)
  --metrics-token   with --http, the bearer token a non-loopback scraper of GET /metrics needs
                    (also FOYA_METRICS_TOKEN); loopback clients need none
OpenTelemetry export (off by default) follows the standard OTEL_* variables
(OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_SERVICE_NAME, …): docs/operators/telemetry.md.
The live status is the resource foya://status (and foya status for --http).`,
  learned: `Usage: foya learned <subcommand> [options]
What foya serve --progressive learned from its clients' searches: each request and the tool the
client then used, kept in $FOYA_HOME/learned-requests.json (0600, the newest 20,000).
  list [--server S] [--json]      newest first
  forget [--server S | --tool T]  all, one server's or one tool's
Help on one: foya learned <subcommand> --help`,
  "learned list": `Usage: foya learned list [--server S] [--json]
Lists the learned requests, newest first: the tool as foya serve shows it (mcp__<server>__<tool>)
and the request that found it (cut to 96 characters; --json has them whole). --server keeps one
server's; a server no longer configured is no error (its requests stay until forgotten).`,
  "learned forget": `Usage: foya learned forget [--server S | --tool T]
Forgets every learned request, or one server's (--server), or one tool's (--tool, the name as
foya learned list shows it), and prints how many were forgotten. A running foya serve
--progressive drops them at its next look (FOYA_LEARNED_REFRESH_MS, default 10 s).`,
  status: `Usage: foya status [--url URL] [--json]
Reads foya://status from the running foya serve --http recorded in $FOYA_HOME/serve.json (or at
--url) with the stored token: each server's state, tools, calls, failed calls and p50 latency.
Exits 1 when no foya serve answers there.`,
  demo: `Usage: foya demo [--foundry-server FILE] [--gateway FILE]
Starts the bundled foundry-server and amicited-gateway, walks through memory and progressive
disclosure, and prints what each step cost in tokens against the eager alternative.`,
};
