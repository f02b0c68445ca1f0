// Cycle detection over the layer map of tooling/layers.json (package -> packages it may import).

/** Returns one cycle as a list of names ending where it started, or null when the graph is a DAG. */
export function findCycle(graph) {
  const state = new Map();
  const visit = (node, trail) => {
    if (state.get(node) === "done") return null;
    if (state.get(node) === "open") return [...trail.slice(trail.indexOf(node)), node];
    state.set(node, "open");
    for (const next of graph[node] ?? []) {
      const cycle = visit(next, [...trail, node]);
      if (cycle) return cycle;
    }
    state.set(node, "done");
    return null;
  };
  for (const node of Object.keys(graph)) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return null;
}
