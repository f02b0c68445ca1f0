// Where a collector's connections go (otlp-http.ts). `localhost` names the loopback interface (RFC
// 6761 §6.3), so its addresses are known without resolving it: given a name, net.connect loads
// node:dns and asks getaddrinfo on libuv's thread pool, ~7 ms of a young process's CPU at its first
// export with the default endpoint, http://localhost:4318 (decision 0045). Its two addresses are
// tried in turn, IPv4 first and IPv6 when the first refuses, and the one that answered is kept for
// the next connections. Any other host is connected to as written: an IP literal is never looked
// up, and a name is Node's to resolve.

const LOOPBACK = ["127.0.0.1", "::1"] as const;

/** A host as sockets and TLS want it: URL.hostname keeps an IPv6 address's brackets. */
export function bareHostname(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, "$1");
}
// A new connection's errors that say "nothing at this address", not "the collector failed".
const NOTHING_THERE = new Set(["ECONNREFUSED", "EADDRNOTAVAIL", "ENETUNREACH", "EAFNOSUPPORT"]);

export class CollectorAddresses {
  private readonly addresses: readonly string[];
  private index = 0;

  /** `hostname` as URL.hostname gives it (an IPv6 address in brackets). */
  constructor(hostname: string) {
    const host = bareHostname(hostname);
    this.addresses = host.toLowerCase() === "localhost" ? LOOPBACK : [host];
  }

  /** The address to connect to now. */
  get current(): string {
    return this.addresses[this.index] as string;
  }

  /** After a new connection failed with `error`: true when another address is to be tried (it is now `current`). */
  moveOnAfter(error: Error | undefined): boolean {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (this.addresses.length < 2 || code === undefined || !NOTHING_THERE.has(code)) return false;
    this.index = (this.index + 1) % this.addresses.length;
    return true;
  }
}
