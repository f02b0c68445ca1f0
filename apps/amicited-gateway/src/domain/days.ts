// Calendar arithmetic on ISO days (YYYY-MM-DD, UTC), shared by the tools' date windows and the
// demo data. Apart from the seeded random source (random.ts): a date is not a random draw.

/** The ISO day `offset` days before `asOf` (YYYY-MM-DD). */
export function dayBefore(asOf: string, offset: number): string {
  const date = new Date(`${asOf}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - offset);
  return date.toISOString().slice(0, 10);
}
