import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * The browser build renders with Preact (preact/compat) instead of React: the same components,
 * about 60 KiB gzip less on every interactive page (docs/decisions, speed). The server still
 * renders with React, and the dev server keeps React in the browser too.
 */
const BROWSER_REACT: Record<string, string> = {
  react: new URL("app/preact/react.js", import.meta.url).pathname,
  "react-dom": "preact/compat",
  "react-dom/client": new URL("app/preact/react-dom-client.ts", import.meta.url).pathname,
  "react/jsx-runtime": "preact/jsx-runtime",
  "react/jsx-dev-runtime": "preact/jsx-dev-runtime",
};
const preactInTheBrowser: Plugin = {
  name: "preact-in-the-browser",
  apply: "build",
  enforce: "pre",
  applyToEnvironment: (environment) => environment.name === "client",
  resolveId(id, importer, options) {
    const target = BROWSER_REACT[id];
    return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
  },
};

export default defineConfig({
  plugins: [preactInTheBrowser, reactRouter()],
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      // The table definitions have no side effects worth keeping: a page that imports a pure
      // helper from a modules/ file (which also queries) must not ship drizzle and every table.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]db[\\/]schema(-[\w-]+)?\.ts$/.test(id) },
    },
  },
});
