// A caching relay in front of the bench's embeddings server: POST /v1/embeddings on 127.0.0.1
// answers texts it has embedded before from memory and forwards only the others, so the
// variants of one bench run (and runs sharing a file) embed each text once. The ranking code is
// unchanged: it still talks to an OpenAI-compatible endpoint, exactly as a user's would be.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";

/** Starts the relay for `upstream` (…/v1); `file` (optional) holds the vectors between runs. */
export async function startEmbeddingsMemo(upstream, file) {
  const saved = file !== undefined && existsSync(file) ? Object.entries(JSON.parse(readFileSync(file, "utf8"))) : [];
  const vectors = new Map(saved.map(([text, base64]) => [text, [...new Float32Array(new Uint8Array(Buffer.from(base64, "base64")).buffer)]]));
  const server = http.createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const texts = typeof body.input === "string" ? [body.input] : body.input;
      const missing = [...new Set(texts.filter((text) => !vectors.has(text)))];
      if (missing.length > 0) {
        const answer = await fetch(`${upstream}/embeddings`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...body, input: missing }) });
        if (!answer.ok) throw new Error(`upstream answered ${answer.status}`);
        for (const item of (await answer.json()).data) vectors.set(missing[item.index], item.embedding);
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ object: "list", model: body.model, data: texts.map((text, index) => ({ object: "embedding", index, embedding: vectors.get(text) })) }));
    } catch (error) {
      response.writeHead(502, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: String(error?.message ?? error) } }));
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/v1`,
    // Saved as base64 of float32 (the model's own precision): a tenth of the JSON numbers' size.
    save: () => file !== undefined && writeFileSync(file, JSON.stringify(Object.fromEntries([...vectors].map(([text, vector]) => [text, Buffer.from(Float32Array.from(vector).buffer).toString("base64")])))),
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
