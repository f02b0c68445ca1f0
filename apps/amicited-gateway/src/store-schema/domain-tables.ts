// The gateway's domain tables: what its tools read and write, one group per tool area (its SQL is
// in src/tools/<area>). Every area table reaches its workspace through `domain_id`
// (domains.workspace_id, a workspace-store table), so one guard (requireDomain: the domain belongs
// to the caller's workspace) isolates workspaces. Days are ISO dates (YYYY-MM-DD); instants are ISO
// timestamps. Written in the SQLite dialect; the store's postgres driver translates the types.
// Moved verbatim from workspace-store's migration 1 (issue 37): never edit a shipped statement.

const tables: Record<string, string> = {
  // prompts and AI answers
  prompts: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL REFERENCES domains(id), text TEXT NOT NULL, topic TEXT NOT NULL, intent TEXT NOT NULL, active INTEGER NOT NULL, created_at TEXT NOT NULL`,
  prompt_runs: `id INTEGER PRIMARY KEY AUTOINCREMENT, prompt_id INTEGER NOT NULL REFERENCES prompts(id), domain_id INTEGER NOT NULL, engine TEXT NOT NULL, day TEXT NOT NULL, mentioned INTEGER NOT NULL, cited INTEGER NOT NULL, position INTEGER, sentiment TEXT NOT NULL, answer_words INTEGER NOT NULL, answer_excerpt TEXT NOT NULL`,
  citations: `id INTEGER PRIMARY KEY AUTOINCREMENT, run_id INTEGER NOT NULL REFERENCES prompt_runs(id), domain_id INTEGER NOT NULL, engine TEXT NOT NULL, day TEXT NOT NULL, cited_host TEXT NOT NULL, url TEXT NOT NULL, rank INTEGER NOT NULL, is_own INTEGER NOT NULL, competitor_id INTEGER`,
  // competitors
  competitors: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL REFERENCES domains(id), hostname TEXT NOT NULL, name TEXT NOT NULL, category TEXT NOT NULL, added_at TEXT NOT NULL`,
  // Google Search Console
  gsc_daily: `domain_id INTEGER NOT NULL, day TEXT NOT NULL, query TEXT NOT NULL, page TEXT NOT NULL, country TEXT NOT NULL, device TEXT NOT NULL, clicks INTEGER NOT NULL, impressions INTEGER NOT NULL, position REAL NOT NULL`,
  gsc_sitemaps: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, url TEXT NOT NULL, submitted_at TEXT NOT NULL, urls INTEGER NOT NULL, errors INTEGER NOT NULL, warnings INTEGER NOT NULL`,
  gsc_inspections: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, url TEXT NOT NULL, verdict TEXT NOT NULL, coverage TEXT NOT NULL, mobile_usable INTEGER NOT NULL, last_crawl TEXT NOT NULL`,
  // Bing Webmaster
  bing_crawl_daily: `domain_id INTEGER NOT NULL, day TEXT NOT NULL, pages_crawled INTEGER NOT NULL, crawl_errors INTEGER NOT NULL, http_4xx INTEGER NOT NULL, http_5xx INTEGER NOT NULL, blocked_robots INTEGER NOT NULL, avg_response_ms INTEGER NOT NULL, indexed_pages INTEGER NOT NULL`,
  bing_keywords: `domain_id INTEGER NOT NULL, day TEXT NOT NULL, keyword TEXT NOT NULL, impressions INTEGER NOT NULL, clicks INTEGER NOT NULL, position REAL NOT NULL`,
  bing_crawl_issues: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, url TEXT NOT NULL, issue TEXT NOT NULL, severity TEXT NOT NULL, first_seen TEXT NOT NULL, fixed INTEGER NOT NULL`,
  bing_backlinks: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, source_host TEXT NOT NULL, target_url TEXT NOT NULL, anchor TEXT NOT NULL, first_seen TEXT NOT NULL`,
  bing_url_submissions: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, url TEXT NOT NULL, submitted_at TEXT NOT NULL`,
  bing_blocked_urls: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, url TEXT NOT NULL, kind TEXT NOT NULL, added_at TEXT NOT NULL`,
  // Google Ads
  gads_campaigns: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, name TEXT NOT NULL, channel TEXT NOT NULL, status TEXT NOT NULL, bidding TEXT NOT NULL, daily_budget REAL NOT NULL, target_cpa REAL, created_at TEXT NOT NULL`,
  gads_adgroups: `id INTEGER PRIMARY KEY AUTOINCREMENT, campaign_id INTEGER NOT NULL, domain_id INTEGER NOT NULL, name TEXT NOT NULL, status TEXT NOT NULL, default_cpc REAL NOT NULL`,
  gads_keywords: `id INTEGER PRIMARY KEY AUTOINCREMENT, adgroup_id INTEGER NOT NULL, campaign_id INTEGER NOT NULL, domain_id INTEGER NOT NULL, text TEXT NOT NULL, match_type TEXT NOT NULL, status TEXT NOT NULL, quality_score INTEGER NOT NULL, cpc_bid REAL NOT NULL, negative INTEGER NOT NULL DEFAULT 0`,
  gads_keyword_daily: `keyword_id INTEGER NOT NULL, adgroup_id INTEGER NOT NULL, campaign_id INTEGER NOT NULL, domain_id INTEGER NOT NULL, day TEXT NOT NULL, device TEXT NOT NULL, impressions INTEGER NOT NULL, clicks INTEGER NOT NULL, cost REAL NOT NULL, conversions REAL NOT NULL, conv_value REAL NOT NULL`,
  gads_search_terms: `id INTEGER PRIMARY KEY AUTOINCREMENT, adgroup_id INTEGER NOT NULL, domain_id INTEGER NOT NULL, term TEXT NOT NULL, impressions INTEGER NOT NULL, clicks INTEGER NOT NULL, cost REAL NOT NULL, conversions REAL NOT NULL`,
  // Meta ads
  meta_campaigns: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, name TEXT NOT NULL, objective TEXT NOT NULL, status TEXT NOT NULL, daily_budget REAL NOT NULL, created_at TEXT NOT NULL`,
  meta_adsets: `id INTEGER PRIMARY KEY AUTOINCREMENT, campaign_id INTEGER NOT NULL, domain_id INTEGER NOT NULL, name TEXT NOT NULL, audience TEXT NOT NULL, placement TEXT NOT NULL, age_range TEXT NOT NULL, status TEXT NOT NULL, daily_budget REAL NOT NULL`,
  meta_creatives: `id INTEGER PRIMARY KEY AUTOINCREMENT, adset_id INTEGER NOT NULL, campaign_id INTEGER NOT NULL, domain_id INTEGER NOT NULL, name TEXT NOT NULL, format TEXT NOT NULL, headline TEXT NOT NULL, call_to_action TEXT NOT NULL, status TEXT NOT NULL`,
  meta_daily: `creative_id INTEGER NOT NULL, adset_id INTEGER NOT NULL, campaign_id INTEGER NOT NULL, domain_id INTEGER NOT NULL, day TEXT NOT NULL, impressions INTEGER NOT NULL, reach INTEGER NOT NULL, clicks INTEGER NOT NULL, spend REAL NOT NULL, purchases INTEGER NOT NULL, revenue REAL NOT NULL, video_views INTEGER NOT NULL`,
  // cross-network budgets and attribution
  ads_budgets: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, network TEXT NOT NULL, month TEXT NOT NULL, planned REAL NOT NULL, UNIQUE (domain_id, network, month)`,
  ads_touchpoints: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, order_id INTEGER NOT NULL, day TEXT NOT NULL, channel TEXT NOT NULL, step INTEGER NOT NULL, steps INTEGER NOT NULL, revenue REAL NOT NULL`,
  ads_goals: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, metric TEXT NOT NULL, target REAL NOT NULL, month TEXT NOT NULL`,
  // e-shop
  eshop_products: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, sku TEXT NOT NULL, name TEXT NOT NULL, category TEXT NOT NULL, price REAL NOT NULL, cost REAL NOT NULL, stock INTEGER NOT NULL, active INTEGER NOT NULL, created_at TEXT NOT NULL`,
  eshop_customers: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, email TEXT NOT NULL, name TEXT NOT NULL, country TEXT NOT NULL, created_at TEXT NOT NULL, marketing_opt_in INTEGER NOT NULL, tags TEXT NOT NULL DEFAULT ''`,
  eshop_orders: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, customer_id INTEGER NOT NULL, day TEXT NOT NULL, status TEXT NOT NULL, channel TEXT NOT NULL, coupon TEXT, subtotal REAL NOT NULL, discount REAL NOT NULL, shipping REAL NOT NULL, total REAL NOT NULL, country TEXT NOT NULL`,
  eshop_order_items: `order_id INTEGER NOT NULL, product_id INTEGER NOT NULL, domain_id INTEGER NOT NULL, quantity INTEGER NOT NULL, unit_price REAL NOT NULL`,
  eshop_carts: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, customer_id INTEGER, day TEXT NOT NULL, status TEXT NOT NULL, items INTEGER NOT NULL, value REAL NOT NULL, last_step TEXT NOT NULL`,
  eshop_coupons: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, code TEXT NOT NULL, percent_off INTEGER NOT NULL, active INTEGER NOT NULL, created_at TEXT NOT NULL`,
  eshop_reviews: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, product_id INTEGER NOT NULL, customer_id INTEGER NOT NULL, day TEXT NOT NULL, rating INTEGER NOT NULL, title TEXT NOT NULL`,
  // uptime
  uptime_monitors: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, name TEXT NOT NULL, url TEXT NOT NULL, kind TEXT NOT NULL, interval_s INTEGER NOT NULL, paused INTEGER NOT NULL, created_at TEXT NOT NULL`,
  uptime_checks: `id INTEGER PRIMARY KEY AUTOINCREMENT, monitor_id INTEGER NOT NULL, domain_id INTEGER NOT NULL, at TEXT NOT NULL, region TEXT NOT NULL, ok INTEGER NOT NULL, status_code INTEGER NOT NULL, response_ms INTEGER NOT NULL, error TEXT`,
  uptime_incidents: `id INTEGER PRIMARY KEY AUTOINCREMENT, monitor_id INTEGER NOT NULL, domain_id INTEGER NOT NULL, started_at TEXT NOT NULL, resolved_at TEXT, cause TEXT NOT NULL, severity TEXT NOT NULL, acknowledged INTEGER NOT NULL, note TEXT`,
  uptime_certificates: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, hostname TEXT NOT NULL, issuer TEXT NOT NULL, valid_from TEXT NOT NULL, expires_at TEXT NOT NULL, key_type TEXT NOT NULL`,
  uptime_maintenance: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, monitor_id INTEGER, starts_at TEXT NOT NULL, ends_at TEXT NOT NULL, reason TEXT NOT NULL`,
  uptime_alert_contacts: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, channel TEXT NOT NULL, target TEXT NOT NULL, active INTEGER NOT NULL`,
  // reports and exports
  reports: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, name TEXT NOT NULL, template TEXT NOT NULL, schedule TEXT NOT NULL, format TEXT NOT NULL, recipients TEXT NOT NULL, paused INTEGER NOT NULL, created_at TEXT NOT NULL`,
  report_runs: `id INTEGER PRIMARY KEY AUTOINCREMENT, report_id INTEGER NOT NULL, domain_id INTEGER NOT NULL, ran_at TEXT NOT NULL, status TEXT NOT NULL, rows INTEGER NOT NULL, size_kb INTEGER NOT NULL, error TEXT`,
  exports: `id INTEGER PRIMARY KEY AUTOINCREMENT, domain_id INTEGER NOT NULL, dataset TEXT NOT NULL, format TEXT NOT NULL, status TEXT NOT NULL, rows INTEGER NOT NULL, created_at TEXT NOT NULL, content TEXT`,
};

const indexes = [
  "CREATE INDEX IF NOT EXISTS gsc_daily_domain_day ON gsc_daily (domain_id, day)",
  "CREATE INDEX IF NOT EXISTS bing_keywords_domain_day ON bing_keywords (domain_id, day)",
  "CREATE INDEX IF NOT EXISTS prompt_runs_domain_day ON prompt_runs (domain_id, day)",
  "CREATE INDEX IF NOT EXISTS prompt_runs_prompt ON prompt_runs (prompt_id)",
  "CREATE INDEX IF NOT EXISTS citations_domain ON citations (domain_id, day)",
  "CREATE INDEX IF NOT EXISTS gads_keyword_daily_domain ON gads_keyword_daily (domain_id, day)",
  "CREATE INDEX IF NOT EXISTS meta_daily_domain ON meta_daily (domain_id, day)",
  "CREATE INDEX IF NOT EXISTS eshop_orders_domain_day ON eshop_orders (domain_id, day)",
  "CREATE INDEX IF NOT EXISTS eshop_orders_customer ON eshop_orders (customer_id)",
  "CREATE INDEX IF NOT EXISTS eshop_items_order ON eshop_order_items (order_id)",
  "CREATE INDEX IF NOT EXISTS eshop_items_domain ON eshop_order_items (domain_id, product_id)",
  "CREATE INDEX IF NOT EXISTS uptime_checks_monitor_at ON uptime_checks (monitor_id, at)",
  "CREATE INDEX IF NOT EXISTS uptime_checks_domain_at ON uptime_checks (domain_id, at)",
  "CREATE INDEX IF NOT EXISTS ads_touchpoints_domain ON ads_touchpoints (domain_id, day)",
];

/** Gateway migration 1 (formerly part of the store's migration 1): the domain tables and their indexes. */
export const DOMAIN_STATEMENTS: readonly string[] = [
  ...Object.entries(tables).map(([name, columns]) => `CREATE TABLE IF NOT EXISTS ${name} (${columns})`),
  ...indexes,
];

/** Names of the domain tables, for census and tests. */
export const DOMAIN_TABLE_NAMES: readonly string[] = Object.keys(tables);
