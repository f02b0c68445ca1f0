// The operator's log of an MCP server process (issue #33): `text` keeps each app's own stderr
// lines as they always were; `json` writes one JSON object per line (level, time, service, msg and
// the request fields of http-operations.ts) so a log shipper can read it without parsing prose.
// Every line is bounded in size, and registered secrets (bearer tokens) are replaced before
// anything is written: a token never reaches the log, whatever message carried it.
// JSON lines to stderr are written in batches (one write per event-loop turn instead of one per
// request, issue #33's cost target), at most MAX_BUFFERED_LOG_CHARS held; what is held is written
// when the process exits (process.exit, a drain's end, a crash), so only SIGKILL can lose a turn's lines.

/** The formats `--log-format` accepts. */
export const LOG_FORMATS = ["text", "json"] as const;
/** One of {@link LOG_FORMATS}. */
export type LogFormat = (typeof LOG_FORMATS)[number];
/** A log record's level. */
export type LogLevel = "info" | "warn" | "error";
/** Extra fields of a record: flat values only, so every line stays one small object. */
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** Longest line the log writes, in bytes (a longer record loses fields, then text). */
export const MAX_LOG_LINE_BYTES = 8192;
/** Longest string value kept in one field (longer ones end with "…"). */
export const MAX_LOG_FIELD_CHARS = 1024;
/** Most characters of JSON lines a batched log holds before it writes them (it writes at once past it). */
export const MAX_BUFFERED_LOG_CHARS = 65_536;
const REDACTED = "[redacted]";
// A bearer credential in any message (an echoed header, a URL) is never written.
const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi;

/** Options of {@link createStructuredLog}. */
export interface StructuredLogOptions {
  format: LogFormat;
  /** The program's name, written as `service` on every JSON line. */
  service: string;
  /** Where lines go (default: stderr as it is when the log is made, the log channel of every server here). */
  write?: (line: string) => void;
  /**
   * JSON lines held and written together, once per event-loop turn (`write` then gets several
   * whole lines at once). Default: true when writing to stderr, false with a `write` of your own.
   */
  batch?: boolean;
  /** Strings never written as they are (tokens); more can be added with {@link StructuredLog.addSecret}. */
  secrets?: readonly string[];
  /** Shapes of secrets never written (an app's token format, e.g. /amc_[A-Za-z0-9_-]+/g); each needs the g flag. */
  secretPatterns?: readonly RegExp[];
  /** The clock (tests). */
  now?: () => Date;
}

/** A process's log; see {@link createStructuredLog}. */
export interface StructuredLog {
  readonly format: LogFormat;
  /** A message: in text format written as it is (today's line), in json as `msg`. */
  write(level: LogLevel, message: string, fields?: LogFields): void;
  /** A record that exists only in json format (one per HTTP request); text format skips it. */
  record(level: LogLevel, fields: LogFields): void;
  /** Never write `secret` (shorter than 8 characters is ignored: it would redact ordinary words). */
  addSecret(secret: string): void;
  /** Writes the lines a batched log holds now (it also does at the turn's end and at exit). */
  flush(): void;
}

// Batched logs holding lines: the process's exit writes them (one listener for all logs).
const holding = new Set<() => void>();
let exitHooked = false;
function flushAtExit(flush: () => void): void {
  holding.add(flush);
  if (exitHooked) return;
  exitHooked = true;
  process.once("exit", () => {
    for (const pending of [...holding]) pending();
  });
}

/** `text` or `json`, or an Error naming the flag and the accepted values. */
export function parseLogFormat(value: string | undefined, flag = "--log-format"): LogFormat {
  if (value === undefined) return "text";
  if ((LOG_FORMATS as readonly string[]).includes(value)) return value as LogFormat;
  throw new Error(`${flag} must be ${LOG_FORMATS.join(" or ")}; got "${value.slice(0, 40)}"`);
}

const clip = (text: string, chars: number): string =>
  text.length > chars ? `${text.slice(0, chars - 1)}…` : text;

/**
 * A log writing `text` or `json` lines to stderr, bounded and with secrets redacted.
 * @example const log = createStructuredLog({ format: "json", service: "foya" }); log.write("info", "listening", { url });
 */
export function createStructuredLog(options: StructuredLogOptions): StructuredLog {
  // Bound now: routeStderrThroughLog later replaces process.stderr.write and sends lines here.
  const stderrWrite = process.stderr.write.bind(process.stderr);
  const sink = options.write ?? ((line: string) => void stderrWrite(line));
  let held: string[] = [];
  let heldChars = 0;
  let scheduled: NodeJS.Immediate | undefined;
  const flush = (): void => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    holding.delete(flush);
    if (held.length === 0) return;
    const text = held.join("");
    held = [];
    heldChars = 0;
    sink(text);
  };
  const hold = (line: string): void => {
    held.push(line);
    heldChars += line.length;
    if (heldChars >= MAX_BUFFERED_LOG_CHARS) return flush();
    if (scheduled) return;
    // Unref'd: a pending batch never keeps the process alive; the exit hook writes it.
    scheduled = setImmediate(flush).unref();
    flushAtExit(flush);
  };
  const batched = options.batch ?? options.write === undefined;
  const write = (line: string): void => (batched ? hold(line) : sink(line));
  const now = options.now ?? (() => new Date());
  const secrets = new Set<string>();
  const redact = (text: string): string => {
    let clean = text.replace(BEARER, `$1${REDACTED}`);
    for (const secret of secrets) clean = clean.split(secret).join(REDACTED);
    for (const pattern of options.secretPatterns ?? []) clean = clean.replace(pattern, REDACTED);
    return clean;
  };
  const jsonLine = (level: LogLevel, message: string | undefined, fields: LogFields): string => {
    const record: Record<string, unknown> = { level, time: now().toISOString(), service: options.service };
    if (message !== undefined) record.msg = clip(redact(message), MAX_LOG_LINE_BYTES / 2);
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined || key in record) continue;
      record[key] = typeof value === "string" ? clip(redact(value), MAX_LOG_FIELD_CHARS) : value;
    }
    let line = JSON.stringify(record);
    // Over the bound even so (many long fields): keep the fixed ones and say what was dropped.
    if (Buffer.byteLength(line) > MAX_LOG_LINE_BYTES) {
      const { level: l, time, service, msg } = record;
      line = JSON.stringify({ level: l, time, service, msg: clip(String(msg ?? ""), 1024), truncated: true });
    }
    return `${line}\n`;
  };
  const log: StructuredLog = {
    format: options.format,
    write(level, message, fields = {}) {
      if (options.format === "json") write(jsonLine(level, message, fields));
      // Text lines (start-up, warnings) are few and read as they come: written at once, after any held lines.
      else {
        flush();
        sink(`${clip(redact(message.replace(/\n+$/, "")), MAX_LOG_LINE_BYTES)}\n`);
      }
    },
    record(level, fields) {
      if (options.format === "json") write(jsonLine(level, undefined, fields));
    },
    addSecret(secret) {
      if (secret.length >= 8) secrets.add(secret);
    },
    flush,
  };
  for (const secret of options.secrets ?? []) log.addSecret(secret);
  return log;
}

/**
 * Sends every line written to process.stderr through `log` (json format): messages of the app,
 * of libraries and of child servers' stderr all become JSON records, so the stream stays one
 * object per line. Partial lines wait for their newline, up to the line bound. Returns the undo.
 */
export function routeStderrThroughLog(log: StructuredLog, level: LogLevel = "info"): () => void {
  const original = process.stderr.write;
  let pending = "";
  const replacement = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    pending += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    const lines = pending.split("\n");
    pending = clip(lines.pop() ?? "", MAX_LOG_LINE_BYTES);
    for (const line of lines) if (line.trim() !== "") log.write(level, line.replace(/\r$/, ""));
    const callback = rest.find((value) => typeof value === "function") as (() => void) | undefined;
    callback?.();
    return true;
  };
  process.stderr.write = replacement as typeof process.stderr.write;
  return () => {
    process.stderr.write = original;
  };
}
