import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      // The table definitions have no side effects worth keeping: a page that imports a pure
      // helper from a core/ module (which also queries) must not ship drizzle and every table.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]db[\\/]schema(-[\w-]+)?\.ts$/.test(id) },
    },
  },
});
