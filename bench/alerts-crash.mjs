// Alerts crash benchmark: 1,000 e-mail subscribers, one interruption published, the alerts
// worker killed with SIGKILL at random moments and started again, until every delivery is
// settled. A loopback SMTP server (smtp-server) counts what arrived, by Message-ID.
// Reports expected / delivered / duplicated / lost. The worker is node itself (not the tsx
// wrapper), so SIGKILL reaches the process that holds the jobs.
//   npm run bench:alerts-crash                 (a private PostgreSQL cluster)
//   BENCH_DATABASE=pglite npm run bench:alerts-crash
//   BENCH_KILLS=8 BENCH_SUBSCRIBERS=1000 ...
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client.ts";
import { startSmtpServer } from "../tests/support/smtp.ts";
import { deliveryStates, prepareAlertsDatabase, publish } from "./lib/alerts-setup.ts";
import { startPrivatePostgres } from "./lib/private-postgres.mjs";
import { atExit, limitTime, timeLimit, verdict } from "./lib/verdict.mjs";

const LIMIT = timeLimit(300);
limitTime("alerts-crash", LIMIT);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const KILLS = Number(process.env.BENCH_KILLS ?? 8);
const usePglite = process.env.BENCH_DATABASE === "pglite";
const root = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coop-alerts-crash-"));
atExit(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const pg = usePglite ? null : await startPrivatePostgres();
const smtp = await startSmtpServer({ parse: false });

const setup = await prepareAlertsDatabase({ databaseUrl: pg?.url, dataDir, subscribers: SUBSCRIBERS });
await publish(setup);
await setup.close(); // the worker processes own the database from here (PGlite: one process at a time)

const env = {
  ...process.env,
  NODE_ENV: "production",
  // Production seeds nothing unless asked: these runs serve the demo content.
  SEED_DEMO: "on",
  LOG_LEVEL: "silent",
  DATA_DIR: dataDir,
  ...(pg ? { DATABASE_URL: pg.url } : {}),
  PUBLIC_URL: "https://coop.example.ph",
  SMTP_URL: smtp.url,
  // Slow enough that kills land in the middle of the batch.
  SMTP_RATE_PER_SECOND: process.env.BENCH_RATE ?? "150",
  ALERTS_EXPIRE_SECONDS: "3",
  ALERTS_MONITOR_SECONDS: "1",
};

function startWorker() {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "bench", "lib", "alerts-worker.ts")], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  const ready = new Promise((resolve, reject) => {
    child.stdout.on("data", (c) => String(c).includes("ready") && resolve());
    child.once("exit", (code) => reject(new Error(`worker exited ${code}`)));
  });
  return { child, ready };
}

// Whatever happens, leave no worker or database behind (the database and folder: lib/verdict.mjs).
const children = new Set();
atExit(() => {
  for (const c of children) c.kill("SIGKILL");
});

const started = Date.now();
const killMoments = [];
for (let k = 0; k < KILLS; k++) {
  const w = startWorker();
  const born = Date.now();
  if (k % 2 === 0) {
    // While it starts: opening the database, pg-boss start, the fan-out transaction.
    await Promise.race([new Promise((r) => setTimeout(r, Math.random() * 2500)), w.ready]).catch(() => {});
  } else {
    // While it sends: once messages flow again, at a random moment within the next 1.5 s.
    await w.ready.catch(() => {});
    const before = smtp.accepted;
    const until = Date.now() + 10_000;
    while (smtp.accepted === before && smtp.accepted < SUBSCRIBERS && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, Math.random() * 1500));
  }
  w.child.kill("SIGKILL");
  await new Promise((r) => (w.child.exitCode !== null || w.child.signalCode ? r() : w.child.once("exit", r)));
  killMoments.push({ afterMs: Date.now() - born, receivedSoFar: smtp.accepted });
}

// The last worker runs to the end.
const last = startWorker();
await last.ready;
const deadline = started + LIMIT * 1000 - 15_000;
let stableSince = Date.now();
let seen = -1;
while (Date.now() < deadline) {
  await new Promise((r) => setTimeout(r, 500));
  if (smtp.accepted !== seen) {
    seen = smtp.accepted;
    stableSince = Date.now();
  }
  const unique = new Set(smtp.messages.map((m) => m.messageId)).size;
  if (unique >= SUBSCRIBERS && Date.now() - stableSince > 5000) break;
}
last.child.kill("SIGTERM");
await new Promise((r) => last.child.once("exit", r));

const check = await openDatabase({ databaseUrl: pg?.url, dataDir });
const states = await deliveryStates(check);
await check.close();
const ids = smtp.messages.map((m) => m.messageId);
const unique = new Set(ids);
const perAddress = new Map();
for (const m of smtp.messages) perAddress.set(m.to, (perAddress.get(m.to) ?? 0) + 1);
const result = {
  database: usePglite ? "pglite" : "postgresql",
  subscribers: SUBSCRIBERS,
  kills: KILLS,
  killMoments,
  expected: SUBSCRIBERS,
  delivered: unique.size,
  duplicated: ids.length - unique.size,
  subscribersWithMoreThanOne: [...perAddress.values()].filter((n) => n > 1).length,
  lost: SUBSCRIBERS - new Set([...perAddress.keys()]).size,
  deliveryStates: states,
  seconds: Math.round((Date.now() - started) / 100) / 10,
};
console.log(JSON.stringify(result, null, 2));
await smtp.close();
pg?.destroy();
verdict(
  result.duplicated === 0 && result.lost === 0 && Object.keys(states).every((s) => s === "sent"),
  `${KILLS} SIGKILLs of the alerts worker: every one of ${SUBSCRIBERS} subscribers got the alert, none twice, every delivery marked sent`,
  `delivered ${result.delivered}, duplicated ${result.duplicated}, lost ${result.lost}, ${result.seconds} s`,
);
process.exit();
