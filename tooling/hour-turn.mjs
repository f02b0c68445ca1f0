// Tests that count per clock hour (hourly quotas, the call log's hour rows) use the real clock of
// processes they start, so they cannot fix the time: one that runs across HH:00 sees two
// windows and two rows. Such a test first calls clearOfHourTurn(ms) with a bound on its own
// length; within that long of the next hour it waits for the hour to turn.
const HOUR = 3_600_000;

/** Resolves at once, or just after the next HH:00 when that is less than `neededMs` away. */
export async function clearOfHourTurn(neededMs) {
  const left = HOUR - (Date.now() % HOUR);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 250));
}
