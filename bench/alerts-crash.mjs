// Alerts crash benchmark: 1,000 e-mail and 1,000 SMS subscribers, one interruption published, the alerts
// worker killed with SIGKILL at random moments and started again, until every delivery is
// settled. A loopback SMTP server (smtp-server) counts what arrived, by Message-ID.
// Reports expected / delivered / duplicated / lost. The worker is node itself (not the tsx
// wrapper), so SIGKILL reaches the process that holds the jobs.
//
// The rule it checks (no protocol lets a sender ask an SMTP server "did you already take this?"):
// - 0 lost: every subscriber has the message;
// - one message per subscriber: every copy a subscriber got has the same Message-ID;
// - a repeat only of a message in flight at a kill: its first copy arrived on an SMTP connection
//   the kill cut, and the repeats charged to one kill are at most the connections open then
//   (the server's answer was on its way, the worker died before writing it down).
// SMS, through the gateway stand-in (bulk calls of BENCH_SMS_BULK numbers, 120 calls a minute,
// answering after 300 ms so that kills land inside calls): 0 lost and 0 repeats. A worker that
// died during a call leaves its numbers "sending"; the next one reads the gateway's message log
// and settles those the gateway already has instead of texting them again.
//   npm run bench:alerts-crash                 (a private PostgreSQL cluster)
//   BENCH_DATABASE=pglite npm run bench:alerts-crash
//   BENCH_KILLS=8 BENCH_SUBSCRIBERS=1000 ...
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client.ts";
import { startSmsGateway } from "../tests/support/sms-gateway.ts";
import { startSmtpServer } from "../tests/support/smtp.ts";
import { deliveryStates, prepareAlertsDatabase, publish } from "./lib/alerts-setup.ts";
import { startPrivatePostgres } from "./lib/private-postgres.mjs";
import { atExit, limitTime, timeLimit, verdict } from "./lib/verdict.mjs";

const LIMIT = timeLimit(300);
limitTime("alerts-crash", LIMIT);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const KILLS = Number(process.env.BENCH_KILLS ?? 8);
const SMS = Number(process.env.BENCH_SMS ?? 1000);
const SMS_BULK = Number(process.env.BENCH_SMS_BULK ?? 50);
const usePglite = process.env.BENCH_DATABASE === "pglite";
const root = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coop-alerts-crash-"));
atExit(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const pg = usePglite ? null : await startPrivatePostgres();
const smtp = await startSmtpServer({ parse: false });
const gateway = await startSmsGateway({ bulkLimit: SMS_BULK, callsPerWindow: 120, windowMs: 60_000, answerDelayMs: 300 });

const setup = await prepareAlertsDatabase({ databaseUrl: pg?.url, dataDir, subscribers: SUBSCRIBERS, sms: SMS });
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
  SMS_GATEWAY_URL: gateway.url,
  SMS_API_KEY: gateway.apiKey,
  SMS_BULK_LIMIT: String(SMS_BULK),
  SMS_RATE_PER_MINUTE: "120",
  ALERTS_DAYTIME: "1",
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
  const openBefore = smtp.openSessions();
  w.child.kill("SIGKILL");
  await new Promise((r) => (w.child.exitCode !== null || w.child.signalCode ? r() : w.child.once("exit", r)));
  // The sessions the kill cut: open just before, and still open or closed since (none survive a SIGKILL).
  killMoments.push({ afterMs: Date.now() - born, receivedSoFar: smtp.accepted, openConnections: openBefore.size, cut: openBefore });
}

// The last worker runs to the end.
const last = startWorker();
await last.ready;
const deadline = started + LIMIT * 1000 - 15_000;
let stableSince = Date.now();
let seen = -1;
while (Date.now() < deadline) {
  await new Promise((r) => setTimeout(r, 500));
  const unique = new Set(smtp.messages.map((m) => m.messageId)).size;
  const texted = new Set(gateway.messages.map((m) => m.number)).size;
  if (smtp.accepted + gateway.messages.length !== seen) {
    seen = smtp.accepted + gateway.messages.length;
    stableSince = Date.now();
  }
  if (unique >= SUBSCRIBERS && texted >= SMS && Date.now() - stableSince > 5000) break;
}
last.child.kill("SIGTERM");
await new Promise((r) => last.child.once("exit", r));

const check = await openDatabase({ databaseUrl: pg?.url, dataDir });
const states = await deliveryStates(check);
await check.close();
const ids = smtp.messages.map((m) => m.messageId);
const unique = new Set(ids);
const idsPerAddress = new Map();
for (const m of smtp.messages) idsPerAddress.set(m.to, (idsPerAddress.get(m.to) ?? new Set()).add(m.messageId));
// Each repeat charged to the kill that cut the connection its first copy came on.
const firstCopy = new Map();
const repeatsPerKill = killMoments.map(() => 0);
let unexplained = 0;
for (const m of smtp.messages) {
  const first = firstCopy.get(m.messageId);
  if (!first) {
    firstCopy.set(m.messageId, m);
    continue;
  }
  const k = killMoments.findIndex((kill) => kill.cut.has(first.session));
  if (k === -1) unexplained++;
  else repeatsPerKill[k]++;
}
const texts = gateway.messages.map((m) => m.number);
const sms = {
  expected: SMS,
  texted: new Set(texts).size,
  repeats: texts.length - new Set(texts).size,
  lost: SMS - new Set(texts).size,
  gatewayCalls: gateway.calls.length,
  rateLimited: gateway.rateLimited,
  // Taken by the gateway in a call whose worker was killed before the answer: the next worker
  // found them in the gateway's log (logReads) and did not text them again.
  takenWithAnswerLost: gateway.answersLost,
  logReads: gateway.logReads,
};
const overBound = killMoments.filter((kill, k) => repeatsPerKill[k] > kill.openConnections).length;
const result = {
  database: usePglite ? "pglite" : "postgresql",
  subscribers: SUBSCRIBERS,
  kills: KILLS,
  killMoments: killMoments.map(({ cut, ...k }, i) => ({ ...k, repeatsCharged: repeatsPerKill[i] })),
  expected: SUBSCRIBERS,
  delivered: unique.size,
  duplicated: ids.length - unique.size,
  subscribersWithTwoMessageIds: [...idsPerAddress.values()].filter((s) => s.size > 1).length,
  repeatsNotInFlightAtAKill: unexplained,
  killsWithMoreRepeatsThanOpenConnections: overBound,
  lost: SUBSCRIBERS - idsPerAddress.size,
  sms,
  deliveryStates: states,
  seconds: Math.round((Date.now() - started) / 100) / 10,
};
console.log(JSON.stringify(result, null, 2));
const pass =
  result.lost === 0 &&
  result.delivered === SUBSCRIBERS &&
  result.subscribersWithTwoMessageIds === 0 &&
  result.repeatsNotInFlightAtAKill === 0 &&
  result.killsWithMoreRepeatsThanOpenConnections === 0 &&
  sms.lost === 0 &&
  sms.repeats === 0;
await smtp.close();
await gateway.close();
pg?.destroy();
verdict(
  pass,
  "0 lost, one Message-ID per subscriber, and e-mail repeats only of messages in flight at a kill (first copy on a connection the kill cut; per kill at most the connections open then); SMS 0 lost, 0 repeats",
  `lost ${result.lost}, repeats ${result.duplicated} (allowed up to ${killMoments.reduce((n, k) => n + k.openConnections, 0)}), ` +
    `not in flight ${unexplained}, kills over their bound ${overBound}; SMS lost ${sms.lost}, repeats ${sms.repeats}; ${result.seconds} s`,
);
process.exit();
