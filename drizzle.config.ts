import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // One file per area in db/schema/, all re-exported by db/schema/index.ts.
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
});
