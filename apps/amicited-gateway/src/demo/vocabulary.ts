// Word pools for the demo sites: each vertical has its own products, search queries and AI prompts,
// so the demo data reads like a real dashboard rather than lorem ipsum.

/** One demo site concept. */
export interface Vertical {
  key: string;
  hosts: readonly string[];
  label: string;
  categories: readonly string[];
  products: readonly string[];
  queries: readonly string[];
  prompts: readonly string[];
  competitors: readonly string[];
}

/** The site concepts demo domains are drawn from. */
export const VERTICALS: readonly Vertical[] = [
  {
    key: "outdoor",
    hosts: ["trailpeak.example", "summitgear.example"],
    label: "Outdoor gear shop",
    categories: ["tents", "backpacks", "jackets", "boots", "stoves"],
    products: [
      "Ridge 2P Tent",
      "Alpine 45L Pack",
      "Storm Shell Jacket",
      "Granite Hiking Boot",
      "Pocket Stove",
      "Down Vest",
      "Trek Poles",
      "Bivy Sack",
      "Rain Pants",
      "Camp Pillow",
    ],
    queries: [
      "best lightweight tent",
      "waterproof hiking boots",
      "ultralight backpack 45l",
      "how to choose a sleeping bag",
      "camping stove review",
      "rain jacket for hiking",
      "trekking poles worth it",
      "bivy vs tent",
      "down vs synthetic jacket",
      "tent for two people",
    ],
    prompts: [
      "What is the best lightweight tent for backpacking?",
      "Which hiking boots are most waterproof?",
      "Recommend a 45 liter backpack for a week-long trek",
      "Which camping stove is the most reliable?",
      "What rain jacket do thru-hikers use?",
      "Where can I buy durable outdoor gear online?",
    ],
    competitors: [
      "rei.example",
      "backcountry.example",
      "moosejaw.example",
      "campsaver.example",
      "alpinestore.example",
      "gearlab.example",
    ],
  },
  {
    key: "coffee",
    hosts: ["beanpost.example", "roastbox.example"],
    label: "Coffee subscription",
    categories: ["single origin", "blends", "decaf", "equipment", "gifts"],
    products: [
      "Ethiopia Yirgacheffe",
      "House Espresso Blend",
      "Swiss Water Decaf",
      "Pour-over Kettle",
      "Burr Grinder",
      "Colombia Huila",
      "Gift Box",
      "Cold Brew Kit",
      "Kenya AA",
      "Filter Papers",
    ],
    queries: [
      "best coffee subscription",
      "single origin coffee beans",
      "decaf without chemicals",
      "burr grinder for pour over",
      "how to make cold brew",
      "espresso blend beans",
      "coffee gift box",
      "fresh roasted coffee delivery",
      "light roast vs dark roast",
      "kenya aa coffee",
    ],
    prompts: [
      "What is the best coffee subscription service?",
      "Which decaf coffee tastes like regular coffee?",
      "Recommend a burr grinder under 200 dollars",
      "Where can I get freshly roasted beans delivered?",
      "What coffee gift is good for a beginner?",
      "How do I choose single origin coffee?",
    ],
    competitors: [
      "trade.example",
      "atlascoffee.example",
      "bluebottle.example",
      "driftaway.example",
      "mistobox.example",
      "counterculture.example",
    ],
  },
  {
    key: "saas",
    hosts: ["metricly.example", "dashwise.example"],
    label: "Analytics SaaS",
    categories: ["plans", "add-ons", "seats", "integrations", "support"],
    products: [
      "Starter Plan",
      "Growth Plan",
      "Enterprise Plan",
      "Extra Seat",
      "Data Warehouse Sync",
      "SSO Add-on",
      "Priority Support",
      "API Add-on",
      "Audit Log",
      "Custom Dashboards",
    ],
    queries: [
      "product analytics tool",
      "google analytics alternative",
      "privacy friendly analytics",
      "funnel analysis software",
      "cohort analysis tool",
      "mixpanel alternative",
      "self hosted analytics",
      "saas metrics dashboard",
      "event tracking setup",
      "analytics for startups",
    ],
    prompts: [
      "What is the best privacy friendly analytics tool?",
      "Which product analytics tool is best for startups?",
      "What are good alternatives to Google Analytics?",
      "Recommend a tool for funnel and cohort analysis",
      "Which analytics platform has the best API?",
      "What analytics tool do SaaS companies use?",
    ],
    competitors: [
      "mixpanel.example",
      "amplitude.example",
      "plausible.example",
      "posthog.example",
      "heap.example",
      "fathom.example",
    ],
  },
  {
    key: "furniture",
    hosts: ["oakandlinen.example", "nordhome.example"],
    label: "Furniture store",
    categories: ["sofas", "tables", "chairs", "lighting", "rugs"],
    products: [
      "Linen Sofa",
      "Oak Dining Table",
      "Lounge Chair",
      "Arc Floor Lamp",
      "Wool Rug",
      "Side Table",
      "Bookshelf",
      "Bar Stool",
      "Pendant Light",
      "Ottoman",
    ],
    queries: [
      "linen sofa reviews",
      "solid oak dining table",
      "comfortable lounge chair",
      "floor lamp for reading",
      "wool rug living room",
      "scandinavian furniture online",
      "small space sofa",
      "sustainable furniture brands",
      "dining chairs set of 4",
      "modern pendant light",
    ],
    prompts: [
      "Which online store sells durable solid wood furniture?",
      "What is the most comfortable sofa for a small apartment?",
      "Recommend sustainable furniture brands",
      "Where can I buy a wool rug that lasts?",
      "What lounge chair is worth the money?",
      "Which furniture shops deliver fastest?",
    ],
    competitors: [
      "article.example",
      "westelm.example",
      "burrow.example",
      "floyd.example",
      "castlery.example",
      "hem.example",
    ],
  },
];

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
/** Order channels, also the attribution channels. */
export const CHANNELS = [
  "organic_search",
  "google_ads",
  "meta_ads",
  "email",
  "direct",
  "ai_referral",
] as const;
/** Member first names. */
export const PEOPLE = [
  "ada",
  "bruno",
  "chiara",
  "dev",
  "elena",
  "farid",
  "giulia",
  "hana",
  "ivan",
  "jonas",
] as const;
