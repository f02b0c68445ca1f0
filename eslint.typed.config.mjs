// The type-aware pass of `pnpm lint` (issue 37): promises nobody awaits or handles
// (no-floating-promises) and promises passed where a plain value is expected, such as an async
// listener (no-misused-promises), lose their rejections. These rules need type information, so
// they run apart from eslint.config.mjs (which lints any path, even a virtual one, without it) and
// only on the TypeScript each package's and app's tsconfig covers.
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "**/.turbo/**",
      "**/__fixtures__/**",
      "**/*.d.ts",
      "**/*.js",
      "**/*.mjs",
      "**/*.cjs",
    ],
  },
  {
    files: [
      "packages/*/src/**/*.ts",
      "packages/*/test/**/*.ts",
      "apps/*/src/**/*.ts",
      "apps/*/test/**/*.ts",
    ],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "@typescript-eslint": tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: "off" },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
);
