// The gateway's own search vocabulary: the words people use for its areas (search console, paid
// search, AI citations, uptime, the shop, plans and credits) against the words its tools are named
// with. Passed to the catalog through its `search.vocabulary` option, on top of the catalog's
// generic vocabulary (which carries no domain words of any host).

import type { VocabularyExtension } from "@foundry-mcp/tool-catalog";

/** Synonym groups and one-way related concepts of the gateway's toolsets. */
export const GATEWAY_SEARCH_VOCABULARY: VocabularyExtension = {
  synonyms: [
    ["uptime", "availability", "monitor", "monitoring", "up or down", "site down", "is it up"],
    ["cart", "basket", "abandoned cart"],
    ["shop", "store", "eshop", "e shop", "webshop", "ecommerce", "e commerce", "online store"],
    ["lifetime value", "ltv", "clv", "customer value"],
    ["revenue", "sales", "income", "turnover", "gmv"],
    ["credits", "credit balance", "quota", "allowance"],
    ["seo", "search engine optimisation", "search engine optimization", "organic search"],
    ["search console", "gsc", "google search console", "webmaster tools"],
    ["bing", "bing webmaster", "bing wmt"],
    ["ppc", "google ads", "adwords", "paid search", "sem"],
    ["meta", "facebook", "instagram", "fb"],
    ["ad", "ads", "advert", "advertisement", "campaign", "creative"],
    ["ad set", "adset", "ad group", "adgroup"],
    ["budget", "spend", "spending", "cost", "money spent"],
    ["conversion", "conversions", "goal", "signup", "lead"],
    ["attribution", "credit for sale", "touchpoint", "which channel"],
    ["impression", "impressions", "views", "seen"],
    ["click through rate", "ctr", "click rate"],
    ["position", "rank", "ranking", "serp position", "average position"],
    ["keyword", "keywords", "search term", "search query", "query term"],
    ["crawl", "crawler", "bot", "spider", "crawling"],
    ["index", "indexed", "indexing", "in google"],
    ["backlink", "inbound link", "referring domain"],
    ["citation", "cited", "cite", "mention", "mentioned", "reference", "source"],
    ["visibility", "share of voice", "presence", "exposure"],
    ["competitor", "competition", "rival", "competing site", "other brands"],
    ["prompt", "question", "tracked question", "ai question"],
    ["ai engine", "chatgpt", "perplexity", "gemini", "claude", "llm", "ai assistant", "copilot"],
    ["gap", "missing", "not us", "without us", "invisible"],
  ],
  related: [
    [["site down", "website down", "is the site up", "is it down", "offline", "unreachable", "not responding"], ["uptime", "monitor", "availability", "check", "incident", "health"]],
    [["lifetime value", "customer value"], ["customer", "ltv", "lifetime", "value"]],
    [["not cited", "not mentioned", "competitors cited", "cite competitors"], ["citation", "gap", "competitor", "invisible"]],
    [["ai answers", "ai search", "answer engines"], ["prompts", "citation", "visibility", "engine"]],
    [["traffic from google", "organic clicks", "search traffic"], ["gsc", "clicks", "impressions", "queries"]],
    [["ad spend", "wasted spend", "cost per click"], ["spend", "budget", "cpc", "campaign"]],
    [["cert expiry", "certificate expiring", "ssl expiry"], ["certificate", "expiry", "ssl", "uptime"]],
  ],
};
