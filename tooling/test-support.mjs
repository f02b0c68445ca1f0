// Small helpers the tests, benches and release scripts of every package share, so that each
// exists once: a free loopback port and a seeded random source.

import net from "node:net";

/** A TCP port free on 127.0.0.1 right now (the OS picks it; the probe closes before it resolves). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * A seeded random source in [0, 1) (mulberry32), so a failing generated case can be replayed by
 * its seed and index.
 * @example const random = seededRandom(7); random(); // the same number on every run
 */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
