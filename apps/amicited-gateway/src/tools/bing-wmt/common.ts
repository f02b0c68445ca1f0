// Constants and lookups shared by the bing_wmt tool files (see ../bing-wmt.ts).

/** URLs Bing accepts per domain per day through URL submission. */
export const BING_DAILY_URL_QUOTA = 10;
