// The one place that spells a token figure, so every program reads the same.

/**
 * Formats an estimate the way every Foundry program prints it: `~1980 tokens`.
 * Plain digits (no separators) keep the figure one token for the model and easy to grep.
 */
export function formatTokens(tokens: number): string {
  return `~${Math.round(tokens)} tokens`;
}

/** The count alone with its tilde, for tables and inline figures: `~1980`. */
export function formatTokenCount(tokens: number): string {
  return `~${Math.round(tokens)}`;
}
