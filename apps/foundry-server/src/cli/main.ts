#!/usr/bin/env node
// Entry point of the `foundry` bin (bundled to dist/foundry.mjs): runs one command and exits
// with its code. Output for people goes to stdout, errors to stderr.
import packageJson from "../../package.json";
import { messageOf } from "@foundry-mcp/core";
import { runFoundryCli } from "./dispatch";

runFoundryCli({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  version: packageJson.version,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`foundry: ${messageOf(error)}\n`);
    process.exitCode = 1;
  },
);
