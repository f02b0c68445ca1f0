// The baseline: plain single-field BM25 (k1 1.2, b 0.75) over each tool's name and description,
// lower-cased alphanumeric tokens, no stemming, no expansion, no field weights.
export class PlainBm25 {
  constructor(documents) {
    this.documents = documents.map((document) => {
      const terms = tokenize(`${document.name} ${document.description}`);
      const frequencies = new Map();
      for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
      return { name: document.name, length: terms.length, frequencies };
    });
    this.average = this.documents.reduce((sum, document) => sum + document.length, 0) / this.documents.length;
    this.df = new Map();
    for (const document of this.documents) for (const term of document.frequencies.keys()) this.df.set(term, (this.df.get(term) ?? 0) + 1);
  }

  search(query) {
    const terms = tokenize(query);
    const n = this.documents.length;
    const scored = [];
    for (const document of this.documents) {
      let score = 0;
      for (const term of terms) {
        const tf = document.frequencies.get(term) ?? 0;
        if (tf === 0) continue;
        const df = this.df.get(term) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * document.length) / this.average));
      }
      if (score > 0) scored.push({ name: document.name, score });
    }
    return scored.sort((left, right) => right.score - left.score || (left.name < right.name ? -1 : 1));
  }
}

function tokenize(text) {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}
