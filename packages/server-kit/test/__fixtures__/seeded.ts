// A seeded generator for the tests that compare a hand-written check with the SDK's schema on
// thousands of generated messages: the same messages on every run.
export function seeded(seed: number): { random: () => number; pick: <T>(options: readonly T[]) => T; maybe: (value: unknown, chance?: number) => boolean } {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(options: readonly T[]): T => options[Math.floor(random() * options.length)]!;
  // Whether to set a key to `value`: always when defined, sometimes (to undefined) when not.
  const maybe = (value: unknown, chance = 0.1) => value !== undefined || random() < chance;
  return { random, pick, maybe };
}
