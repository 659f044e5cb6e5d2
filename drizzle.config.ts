import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // db/schema.ts holds the public site's model; each back-office area keeps its tables in
  // db/schema-<area>.ts, re-exported from db/schema.ts.
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
