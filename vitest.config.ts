import { defineConfig } from "vitest/config";

/** Every unit test file, wherever it lives. */
const UNIT_FILES = [
  "modules/**/*.test.ts",
  "server/**/*.test.ts",
  "db/**/*.test.ts",
  "seed/**/*.test.ts",
  "app/**/*.test.ts",
  "tests/**/*.test.ts",
];

/**
 * The unit tests whose outcome can depend on the database engine, on real concurrency or on
 * Redis: queues and the alerts worker, locks and limits under bursts, the cache and its bus,
 * backup and restore, two instances, and the whole API contract. `.ci/run` runs these again on
 * PostgreSQL and Redis after `npm test` (on PGlite) has run everything; pages, editors and
 * catalogs render the same on either engine, and running them twice would double CI's time.
 */
const DATABASE_FILES = [
  "db/**/*.test.ts",
  "modules/**/*.test.ts",
  "server/**/*.test.ts",
  "tests/ops/**/*.test.ts",
  "tests/server/**/*.test.ts",
  "tests/alerts/**/*.test.ts",
  "tests/shared/**/*.test.ts",
  "tests/bills/**/*.test.ts",
  "tests/payments/**/*.test.ts",
  "tests/api/contract.test.ts",
  "tests/agam/attempt-bursts.test.ts",
  "tests/agam/pool.test.ts",
  "tests/members/survey.test.ts",
  "tests/portal/portal.test.ts",
  "tests/portal/ebills.test.ts",
  "tests/reports/open311-key-burst.test.ts",
  "tests/reports/report-question.test.ts",
  "tests/staff/attempt-bursts.test.ts",
  "tests/staff/auth.test.ts",
  "tests/staff/passkey-options.test.ts",
  "tests/content/publishing-cache.test.ts",
];

const unitOptions = {
  exclude: ["tests/e2e/**", "**/node_modules/**"],
  environment: "node" as const,
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

/**
 * Three projects: "unit" (logic, API through inject, database) and "e2e" (Debian's Chromium
 * against a built site), which `npm test` runs; "database", the part of "unit" that `.ci/run`
 * runs again on PostgreSQL and Redis (`npm run test:database`).
 */
export default defineConfig({
  test: {
    // Both cores: Vitest's default leaves one free, which on the 2-core CI machine ran one file at
    // a time (a CI run took 50 minutes); files make their own databases and ports, so two at once is safe.
    maxWorkers: 2,
    projects: [
      {
        test: { name: "unit", include: UNIT_FILES, ...unitOptions },
      },
      {
        // The fuzzing of every route is engine-independent and the slowest file: PGlite only.
        test: {
          name: "database",
          include: DATABASE_FILES,
          ...unitOptions,
          exclude: [...unitOptions.exclude, "tests/server/fuzz.test.ts"],
          setupFiles: ["tests/support/one-query-at-a-time.ts"],
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.spec.ts"],
          environment: "node",
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // Two files at once, as for the unit tests: each starts its own server, database and
          // Chromium (own profile folder) on its own ports.
          // A page under a loaded machine (CI runs beside other jobs) may take seconds to answer a
          // save: polled expectations wait up to 15 s for what a person would see, not 1 s.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
