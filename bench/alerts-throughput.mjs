// Alerts throughput: 10,000 e-mail subscribers in one town, one interruption published; the
// alerts worker (its own process) fans it out into 10,000 deliveries and jobs, and hands
// every message to a loopback SMTP server (smtp-server, another process's event loop: this one).
// Reports messages per second from the worker's start to the last message accepted.
//   npm run bench:alerts-throughput                 (a private PostgreSQL cluster)
//   BENCH_DATABASE=pglite npm run bench:alerts-throughput
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client.ts";
import { startSmtpServer } from "../tests/support/smtp.ts";
import { deliveryStates, prepareAlertsDatabase, publish } from "./lib/alerts-setup.ts";
import { startPrivatePostgres } from "./lib/private-postgres.mjs";
import { atExit, limitTime, timeLimit, verdict } from "./lib/verdict.mjs";

const LIMIT = timeLimit(600);
limitTime("alerts-throughput", LIMIT);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const usePglite = process.env.BENCH_DATABASE === "pglite";
const root = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coop-alerts-tp-"));
atExit(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const pg = usePglite ? null : await startPrivatePostgres();
const smtp = await startSmtpServer({ parse: false });

const setup = await prepareAlertsDatabase({ databaseUrl: pg?.url, dataDir, subscribers: SUBSCRIBERS });
await publish(setup);
await setup.close();

const env = {
  ...process.env,
  NODE_ENV: "production",
  // Production seeds nothing unless asked: these runs serve the demo content.
  SEED_DEMO: "on",
  DATA_DIR: dataDir,
  ...(pg ? { DATABASE_URL: pg.url } : {}),
  PUBLIC_URL: "https://coop.example.ph",
  SMTP_URL: smtp.url,
  // No provider limit here: the point is what this machine can do.
  SMTP_RATE_PER_SECOND: "10000",
  SMTP_MAX_CONNECTIONS: process.env.BENCH_CONNECTIONS ?? "10",
  ALERTS_BATCH: process.env.BENCH_BATCH ?? "100",
};
const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "bench", "lib", "alerts-worker.ts")], {
  env,
  stdio: ["ignore", "pipe", "inherit"],
});
atExit(() => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL"));
await new Promise((resolve) => child.stdout.on("data", (c) => String(c).includes("ready") && resolve()));
const start = Date.now();
let first = 0;
while (smtp.accepted < SUBSCRIBERS && Date.now() - start < LIMIT * 1000) {
  await new Promise((r) => setTimeout(r, 50));
  if (!first && smtp.accepted > 0) first = Date.now();
}
const end = Date.now();
child.kill("SIGTERM");
await new Promise((r) => child.once("exit", r));
const check = await openDatabase({ databaseUrl: pg?.url, dataDir });
const states = await deliveryStates(check);
await check.close();
const seconds = (end - start) / 1000;
const distinct = new Set(smtp.messages.map((m) => m.messageId)).size;
console.log(
  JSON.stringify(
    {
      database: usePglite ? "pglite" : "postgresql",
      subscribers: SUBSCRIBERS,
      accepted: smtp.accepted,
      distinctMessageIds: distinct,
      firstMessageAfterSeconds: (first - start) / 1000,
      seconds,
      messagesPerSecond: Math.round(smtp.accepted / seconds),
      smtpConnections: Number(env.SMTP_MAX_CONNECTIONS),
      batchSize: Number(env.ALERTS_BATCH),
      deliveryStates: states,
      cpus: os.cpus().length,
      loadAverage1m: Math.round(os.loadavg()[0] * 10) / 10,
      sendingOnlyMessagesPerSecond: first ? Math.round(smtp.accepted / ((end - first) / 1000)) : null,
    },
    null,
    2,
  ),
);
await smtp.close();
pg?.destroy();
verdict(
  distinct === SUBSCRIBERS && smtp.accepted === SUBSCRIBERS && states.sent === SUBSCRIBERS && Object.keys(states).length === 1,
  `every one of ${SUBSCRIBERS} subscribers sent exactly one message, every delivery marked sent`,
  `${Math.round(smtp.accepted / seconds)} messages per second, load average ${os.loadavg()[0].toFixed(1)}`,
);
