// What of a search request may be learned (catalog.learn) and kept by a host (the gateway's
// store, foya's learned-requests.json). An agent searches with whatever its user typed, and users
// paste keys, tokens, addresses and numbers into requests; a learned request is stored, listed to
// operators and indexed as the tool's words. Such strings never help a later search (no one asks
// for the same key twice), so they are taken out before the request is learned or kept:
// - a URL keeps its host name only (no scheme, user, password, port, path, query or fragment);
// - an e-mail address goes;
// - the value after a secret's name and `=` or `:` goes (`password=…`, `token: …`, `api_key=…`),
//   as does the one after `Bearer`; the name stays;
// - a token of 16 characters or more mixing letters and digits goes (API keys, hashes, UUIDs,
//   JWTs, session ids; ASCII only), as does a run of nine digits or more, with spaces, dashes,
//   dots or brackets between them (phone, card and account numbers; a date alone has eight).
// A filter of shapes, not a guarantee: a secret of plain words stays. Here in core so that every
// place holding learned requests applies the one rule: tool-catalog's learn (and progressive's
// search learning, which hands hosts the same text), workspace-store's LearnedRequestLog and
// client-manager's LearnedRequestsFile.

const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/(?:[^\s/?#@]*@)?([^\s/?#:]+)[^\s]*/giu;
const EMAIL_PATTERN = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
const SECRET_VALUE_PATTERN = /\b(password|passwd|pwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|auth|authorization)\s*[:=]\s*(?:bearer\s+)?(?:"[^"]*"|'[^']*'|\S+)|\b(bearer)\s+\S+/giu;
const LONG_NUMBER_PATTERN = /(?<![\p{L}\p{N}])\+?\p{N}(?:[ .()-]{0,2}\p{N}){8,}(?![\p{L}\p{N}])/gu;
const MIXED_TOKEN_PATTERN = /[A-Za-z0-9_+/=.:~-]{16,}/g;
// What a match of SECRET_VALUE_PATTERN, LONG_NUMBER_PATTERN and an identifier token each needs.
const MAY_NAME_A_SECRET = /[:=]|bearer/i;
const HAS_NUMERAL = /\p{N}/u;
const HAS_DIGIT = /[0-9]/;

// A long run of ASCII is an identifier when it mixes letters and digits (a plain long word has no
// digit; keys and hashes are ASCII, so a sentence in a script without spaces is never one).
const isIdentifier = (token: string): boolean => /[0-9]/.test(token) && /[A-Za-z]/.test(token);

/**
 * `request` without what looks like a secret or a personal identifier (see the file's header),
 * spacing folded and trimmed: the text a catalog learns and a host keeps. May be empty, when the
 * request held nothing else.
 * @example learnableRequest("rotate key sk-proj-4f9aK2mXq81LzQ7w for https://api.example.com/v1?token=x") // "rotate key for api.example.com"
 */
export function learnableRequest(request: string): string {
  let text = request;
  // Each pattern runs only where the text holds what every match needs (its scan is the cost:
  // hosts read up to 20,000 kept requests through this at a time).
  if (text.includes("://")) text = text.replace(URL_PATTERN, (_url, host: string) => ` ${host} `);
  if (text.includes("@")) text = text.replace(EMAIL_PATTERN, " ");
  if (MAY_NAME_A_SECRET.test(text)) text = text.replace(SECRET_VALUE_PATTERN, (_match, name: string | undefined, bearer: string | undefined) => ` ${name ?? bearer} `);
  if (HAS_NUMERAL.test(text)) text = text.replace(LONG_NUMBER_PATTERN, " ");
  if (HAS_DIGIT.test(text)) text = text.replace(MIXED_TOKEN_PATTERN, (token) => (isIdentifier(token) ? " " : token));
  return text.replace(/\s+/g, " ").trim();
}
