// The consent page of /oauth/authorize, in the dashboard's style (its own stylesheet, served by
// /ui): which client asks, where the answer goes, and a form where the person signs in (the
// admin token, or a token of the workspace, which proves they may grant it), picks the workspace
// and the scope, and approves or denies. No script; the authorization request travels in hidden
// fields and is checked again on submit. The CSP forbids framing (clickjacking, RFC 9700 §4.4.1).
import { stylesheetPath } from "../ui/assets";

/** The CSP of the consent page: no script at all, styles from this origin, no framing. */
export const CONSENT_CSP = "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'";

/** What the consent page shows and carries. */
export interface ConsentView {
  clientName: string;
  clientId: string;
  redirectUri: string;
  /** The authorization request's parameters, carried in hidden fields. */
  request: Record<string, string>;
  /** The scope checked at first: the widest one the client asked for. */
  suggestedScope: "read" | "write";
  /** Why the last submit was refused, shown above the form. */
  error?: string;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** The page's HTML. */
export function renderConsentPage(view: ConsentView): string {
  const stylesheet = stylesheetPath();
  const hidden = Object.entries(view.request)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n      ");
  const scopeOption = (scope: "read" | "write", text: string) =>
    `<label><input type="radio" name="grant_scope" value="${scope}"${view.suggestedScope === scope ? " checked" : ""}> ${text}</label>`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Allow ${escapeHtml(view.clientName)} to use the gateway?</title>
  ${stylesheet ? `<link rel="stylesheet" href="${stylesheet}">` : ""}
</head>
<body>
  <header class="top"><strong class="brand">amicited gateway</strong></header>
  <main id="main" class="sign-in">
    <h1>Allow <span id="client-name">${escapeHtml(view.clientName)}</span> to use a workspace?</h1>
    <p class="lead">It will call the gateway's tools as the workspace you pick, within the scope you pick, until you revoke it on the dashboard's Workspaces page.</p>
    <p class="muted small">Client <code id="client-id">${escapeHtml(view.clientId)}</code><br>Answer goes to <code id="redirect-uri">${escapeHtml(view.redirectUri)}</code></p>
    ${view.error ? `<p role="alert" class="error" id="consent-error">${escapeHtml(view.error)}</p>` : ""}
    <form method="post" action="/oauth/authorize" id="consent">
      ${hidden}
      <label for="credential">Admin token, or a token of the workspace</label>
      <input id="credential" name="credential" type="password" autocomplete="off">
      <p class="muted small">The admin token that <code>amicited-gateway init</code> printed, or an <code>amc_…</code> token of the workspace: it proves you may grant it. It is not given to the client.</p>
      <label for="workspace">Workspace</label>
      <input id="workspace" name="workspace" autocomplete="off" maxlength="40" placeholder="the token's own workspace when left empty">
      <fieldset class="ticks"><legend>Scope</legend>
        ${scopeOption("read", "read: free, repeatable reads only")}
        ${scopeOption("write", "write: every kind of tool, including writes and paid calls")}
      </fieldset>
      <div class="row wrap">
        <button type="submit" name="decision" value="approve" id="approve">Approve</button>
        <button type="submit" name="decision" value="deny" id="deny" class="quiet">Deny</button>
      </div>
    </form>
  </main>
</body>
</html>`;
}
