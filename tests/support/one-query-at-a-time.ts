// Set up before every file of the "database" project (vitest.config.ts): a query sent on a
// PostgreSQL connection that is still running another (a Promise.all inside a transaction) fails
// the file. node-postgres queues it today with a deprecation warning, and pg@9 will refuse it.
import { afterAll, expect } from "vitest";

const overlapping: string[] = [];
process.on("warning", (warning) => {
  if (warning.message.includes("already executing a query")) overlapping.push(warning.stack ?? warning.message);
});

afterAll(() => {
  expect(overlapping, "a query sent on a connection still running another").toEqual([]);
});
