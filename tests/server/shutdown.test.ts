import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";

const root = path.resolve(import.meta.dirname, "..", "..");

/** Starts the real server process on a copy of the seeded database. */
async function startServer(dataDir: string, port: number) {
  const child = spawn(path.join(root, "node_modules", ".bin", "tsx"), ["server/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // "incoming request" lines (debug) tell when the server has taken each request in.
      LOG_LEVEL: "debug",
      NODE_ENV: "production",
      // Production seeds nothing unless asked: these runs serve the demo content.
      SEED_DEMO: "on",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Up to 60 s: a start on a machine busy with other test files took 30 s.
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

describe("graceful shutdown", () => {
  it("finishes accepted requests on SIGTERM and exits within 10 s", async () => {
    const db = await createTestDatabase();
    await db.handle.close();
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = await startServer(db.dataDir, port);
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    // 40 requests in flight (API answers that query the database), then SIGTERM.
    // Only the log lines of these 40 count: the start-up's /healthz polls log "incoming request"
    // too, and counting them sent SIGTERM before all 40 were accepted (a flaky "fetch failed").
    let received = 0;
    let partial = "";
    let log = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      const lines = (partial + chunk.toString()).split("\n");
      partial = lines.pop() ?? "";
      received += lines.filter((l) => l.includes("incoming request") && l.includes("/api/v1/power-interruption/incoming")).length;
    });
    child.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    const inFlight = Array.from({ length: 40 }, (_, i) =>
      fetch(`http://127.0.0.1:${port}/api/v1/power-interruption/incoming?barangay=b${i}`).then(
        async (r) => (await r.text(), r.status),
        (e) => `failed: ${e} (${e?.cause ?? "no cause"})`,
      ),
    );
    // Wait until the server has accepted all 40 (it logs each), then stop it.
    for (let i = 0; i < 500 && received < 40; i++) await new Promise((r) => setTimeout(r, 5));
    expect(received).toBeGreaterThanOrEqual(40);
    const stoppedAt = Date.now();
    child.kill("SIGTERM");
    const statuses = await Promise.all(inFlight);
    const code = await exited;
    const tookMs = Date.now() - stoppedAt;
    console.log(`[figure] SIGTERM to exit: ${tookMs} ms; exit code ${code}`);
    // Every accepted request is answered in full.
    expect(statuses).toEqual(Array(40).fill(200));
    expect(code, log.split("\n").slice(-30).join("\n")).toBe(0);
    expect(tookMs).toBeLessThan(10_000);
    await db.cleanup();
  }, 120_000);
});
