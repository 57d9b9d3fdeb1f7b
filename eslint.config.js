import js from "@eslint/js";
import regexp from "eslint-plugin-regexp";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "packages/*/dist/", "coverage/", "node_modules/", "docs/api/", ".tmp/", ".cache/"] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  regexp.configs["flat/recommended"],
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["*.js"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Super-linear backtracking is how the incumbent's CVE-2025-25285 happened: forbid it outright.
      "regexp/no-super-linear-backtracking": "error",
      "regexp/no-super-linear-move": "error",
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      // With noUncheckedIndexedAccess every indexed read is `T | undefined`; inside a loop bound `x!`
      // states what the bound proves, where the alternative, `x as T`, would cast any type at all.
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    // The generic builder knows no service: GitHub's knowledge reaches it through a target
    // (lib/core/target.ts), never through an import (__tests__/core/target.test.ts checks the rule).
    files: ["lib/core/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["../github/*", "**/github/*"], message: "lib/core imports nothing from lib/github: inject it through a Target." },
          ],
        },
      ],
    },
  },
  {
    files: ["__tests__/**", "bench/**", "scripts/**"],
    rules: {
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
    },
  },
  {
    files: ["*.js", "**/*.mjs", "**/*.cjs"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: {
        URL: "readonly",
        process: "readonly",
        console: "readonly",
        globalThis: "readonly",
        fetch: "readonly",
        Buffer: "readonly",
        TextEncoder: "readonly",
        Blob: "readonly",
        URLSearchParams: "readonly",
        FormData: "readonly",
        ReadableStream: "readonly",
        performance: "readonly",
        AbortController: "readonly",
        AbortSignal: "readonly",
        // CommonJS files (__tests__/core/target-pollution.cjs, shared by jest and a child process).
        require: "readonly",
        module: "writable",
        structuredClone: "readonly",
      },
    },
  },
);
