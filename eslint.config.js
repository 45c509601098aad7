// The browser code's linter (`npx eslint`): ESLint's recommended rules on the pages'
// modules (browser globals) and on the node tests.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv*/", "build/", "dist/", "tests/artifacts/"] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: "module" },
    rules: {
      // `const { type, seq, ...word } = event`: the names set aside are the point
      "no-unused-vars": ["error", { ignoreRestSiblings: true }],
    },
  },
  { files: ["src/**/*.js"], languageOptions: { globals: globals.browser } },
  { files: ["tests/**/*.js", "*.config.js"], languageOptions: { globals: globals.node } },
];
