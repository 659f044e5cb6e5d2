import { defineConfig } from "vitest/config";

/**
 * Two projects: "unit" (logic, API through inject, database) and "e2e"
 * (Debian's Chromium against a built site). `npm test` runs both.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "modules/**/*.test.ts",
            "server/**/*.test.ts",
            "db/**/*.test.ts",
            "seed/**/*.test.ts",
            "app/**/*.test.ts",
            "tests/**/*.test.ts",
          ],
          exclude: ["tests/e2e/**", "**/node_modules/**"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.spec.ts"],
          environment: "node",
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A page under a loaded machine (CI runs beside other jobs) may take seconds to answer a
          // save: polled expectations wait up to 15 s for what a person would see, not 1 s.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
