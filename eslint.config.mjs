// ESLint flat config: typescript-eslint's recommended rules, the house rules of STYLE.md,
// and the workspace layering rule (tooling/eslint/layering.mjs).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { layeringPlugin } from "./tooling/eslint/layering.mjs";

export default tseslint.config(
  {
    ignores: ["**/dist/**", "**/node_modules/**", "**/.turbo/**", "**/__fixtures__/**", "coverage/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { foundry: layeringPlugin },
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { process: "readonly", console: "readonly", URL: "readonly", Buffer: "readonly", setTimeout: "readonly", clearTimeout: "readonly", setInterval: "readonly", clearInterval: "readonly", setImmediate: "readonly", AbortController: "readonly", AbortSignal: "readonly", TextEncoder: "readonly", TextDecoder: "readonly", fetch: "readonly", Response: "readonly", Request: "readonly", Headers: "readonly", structuredClone: "readonly", performance: "readonly", queueMicrotask: "readonly" } },
    rules: {
      "foundry/layering": "error",
      "no-restricted-syntax": [
        "error",
        { selector: "ExportDefaultDeclaration", message: "No default exports in library code (STYLE.md §1)." },
        { selector: "ExportAllDeclaration", message: "No `export *`: list named exports (STYLE.md §1)." },
      ],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": "error",
      // better-sqlite3 13 crashes Node 20 and 12 aborts Node 24: load it through core's
      // loadSqliteBinding, which picks the release the running Node can run. Types are fine.
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [{ name: "better-sqlite3", allowTypeImports: true, message: "Load SQLite with loadSqliteBinding from @foundry-mcp/core/node (13 crashes Node 20, 12 aborts Node 24)." }, { name: "better-sqlite3-node20", message: "Load SQLite with loadSqliteBinding from @foundry-mcp/core/node." }] },
      ],
    },
  },
  {
    // Config files and scripts are not library code: default exports are how their tools load them.
    files: ["**/*.config.ts", "**/*.config.mjs", "eslint.config.mjs", "scripts/**", "tooling/**", "**/bench/**"],
    rules: { "no-restricted-syntax": "off" },
  },
);
