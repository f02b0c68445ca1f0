// The dimensions the tools enumerate and the demo data is drawn from: AI engines, countries,
// devices, uptime regions and ad networks.

/** Countries used across areas. */
export const COUNTRIES = ["us", "gb", "de", "it", "fr", "ca"] as const;

/** Devices used by Search Console and Ads rows. */
export const DEVICES = ["desktop", "mobile", "tablet"] as const;

/** AI answer engines the prompts are asked to. */
export const ENGINES = ["chatgpt", "perplexity", "gemini", "claude", "ai_overviews"] as const;

/** Monitoring regions. */
export const REGIONS = ["us-east", "eu-west", "ap-south"] as const;

/** Ad networks in the cross-network views. */
export const NETWORKS = ["google_ads", "meta_ads"] as const;
