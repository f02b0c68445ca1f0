// `foya demo [--foundry-server FILE] [--gateway FILE]`: the README's main job (demo/walkthrough.ts).
import { parseArguments } from "../cli/args";
import { locateBundles } from "../demo/bundles";
import { runDemo } from "../demo/walkthrough";
import { createManagerFromServers } from "../host/manager";
import type { Command } from "./context";

/** `foya demo`. */
export const demoCommand: Command = async (argv, context) => {
  const parsed = parseArguments(argv, { command: "demo", options: { "foundry-server": "value", gateway: "value" }, positionals: [] });
  const bundles = locateBundles({
    ...(parsed.values["foundry-server"] ? { foundryServer: parsed.values["foundry-server"] } : {}),
    ...(parsed.values.gateway ? { gateway: parsed.values.gateway } : {}),
  });
  await runDemo({ bundles, say: (text) => context.output.out(text), createManager: createManagerFromServers });
  return 0;
};
