/**
 * The metrics port of the real server with WEB_CONCURRENCY=2 (the template's setting): the
 * primary answers each scrape with both workers' figures, in a format promtool accepts. Before,
 * the workers never answered the primary: every scrape waited 5 s and failed with 500, so the
 * "process does not answer the scrape" alert fired on a correct install. A cluster needs
 * PostgreSQL (DATABASE_URL, as .ci/run sets it): the embedded PGlite is one process's database.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { waitUntil } from "../support/wait";

const root = path.resolve(import.meta.dirname, "..", "..");
const onPostgres = Boolean(process.env.DATABASE_URL);

/** promtool check metrics reads the scrape on its standard input. */
function promtoolCheckMetrics(text: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("promtool", ["check", "metrics"]);
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => resolve({ code, output }));
    child.stdin.end(text);
  });
}

describe.runIf(onPostgres)("metrics of a cluster (WEB_CONCURRENCY=2, PostgreSQL)", () => {
  let db: TestDatabase;
  let child: ChildProcess;
  let log = "";
  const port = 20000 + Math.floor(Math.random() * 20000);
  const metricsPort = port + 1;
  /** Workers listening: one "Server listening" line each (HOST is one address). */
  const listening = () => log.split("Server listening").length - 1;

  beforeAll(async () => {
    db = await createTestDatabase();
    child = spawn(path.join(root, "node_modules", ".bin", "tsx"), ["server/index.ts"], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        METRICS_PORT: String(metricsPort),
        WEB_CONCURRENCY: "2",
        DATABASE_URL: db.databaseUrl,
        DATA_DIR: db.dataDir,
        LOG_LEVEL: "info",
        SEED_DEMO: "off",
        ALERTS_WORKER: "off",
        // Each request answered by a worker, none by the cache's fast path: the count below is exact.
        CACHE_TTL_MS: "0",
        NODE_ENV: "production",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    // Up to 90 s: two workers start on a machine busy with other test files.
    await waitUntil(async () => listening() >= 2, 90_000);
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await db?.cleanup();
  }, 30_000);

  it("answers every scrape with both workers' requests counted, and promtool accepts it", async () => {
    for (let i = 0; i < 6; i++) expect((await fetch(`http://127.0.0.1:${port}/api/v1/branch`)).status).toBe(200);
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    const scrape = await res.text();
    expect(res.status, scrape.slice(0, 300)).toBe(200);
    // The six requests, whichever worker answered each: the primary summed them.
    expect(scrape).toContain('wespeco_http_requests_total{method="GET",route="/api/v1/branch",status="200"} 6');
    expect(scrape).toContain('wespeco_db_pool_connections{state="total"}');
    const check = await promtoolCheckMetrics(scrape);
    expect(check.output).toBe("");
    expect(check.code).toBe(0);
    expect(log).not.toContain("metrics scrape failed");
  });
});
