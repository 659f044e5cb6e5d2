// Typhoon-day alert: one interruption published to N subscribers (SMS to half, e-mail to half)
// on PostgreSQL, the alerts worker its own process, through the SMS gateway stand-in at the
// real gateway's limits (BENCH_SMS_CALLS_PER_MINUTE calls a minute, 1,000 numbers a call, 429
// beyond) and a loopback SMTP server taken at BENCH_MAIL_RATE messages a second (nodemailer's
// rate limit in the worker: what the mail provider allows). Measures the time from the publish
// until the gateway or the mail server has accepted the last subscriber's alert.
//   npm run bench:typhoon-alerts                       (full size: 100,000 subscribers)
//   BENCH_SIZE=small npm run bench:typhoon-alerts      (10,000: a bounded run)
//   BENCH_SUBSCRIBERS=30000 ...
// PASS rule: every subscriber's alert accepted, none twice, within BENCH_LIMIT_SECONDS (600).
// The mix of the full typhoon day (page load, reports, viewers) is not part of this run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client.ts";
import { startSmsGateway } from "../tests/support/sms-gateway.ts";
import { startSmtpServer } from "../tests/support/smtp.ts";
import { deliveryStates, prepareAlertsDatabase, publish } from "./lib/alerts-setup.ts";
import { startPrivatePostgres } from "./lib/private-postgres.mjs";

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? (process.env.BENCH_SIZE === "small" ? 10_000 : 100_000));
const CALLS_PER_MINUTE = Number(process.env.BENCH_SMS_CALLS_PER_MINUTE ?? 120);
const MAIL_RATE = Number(process.env.BENCH_MAIL_RATE ?? 200);
const LIMIT_SECONDS = Number(process.env.BENCH_LIMIT_SECONDS ?? 600);
const SMS = Math.floor(SUBSCRIBERS / 2);
const EMAIL = SUBSCRIBERS - SMS;
const root = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coop-typhoon-alerts-"));
const pg = await startPrivatePostgres();
const smtp = await startSmtpServer({ parse: false });
const gateway = await startSmsGateway({ bulkLimit: 1000, callsPerWindow: CALLS_PER_MINUTE, windowMs: 60_000 });
let child;
const cleanup = () => {
  child?.kill("SIGKILL");
  pg.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
};
for (const event of ["uncaughtException", "unhandledRejection", "SIGINT"])
  process.on(event, (e) => {
    console.error(e);
    cleanup();
    process.exit(2);
  });

const setupStarted = Date.now();
const setup = await prepareAlertsDatabase({ databaseUrl: pg.url, dataDir, subscribers: EMAIL, sms: SMS });
const setupSeconds = (Date.now() - setupStarted) / 1000;

child = spawn(process.execPath, ["--import", "tsx", path.join(root, "bench", "lib", "alerts-worker.ts")], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DATABASE_URL: pg.url,
    PUBLIC_URL: "https://coop.example.ph",
    SMTP_URL: smtp.url,
    SMTP_RATE_PER_SECOND: String(MAIL_RATE),
    SMTP_MAX_CONNECTIONS: "10",
    SMS_GATEWAY_URL: gateway.url,
    SMS_API_KEY: gateway.apiKey,
    SMS_RATE_PER_MINUTE: String(CALLS_PER_MINUTE),
    SMS_BULK_LIMIT: "1000",
    ALERTS_BATCH: "200",
    ALERTS_DAYTIME: "1",
  },
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise((resolve) => child.stdout.on("data", (c) => String(c).includes("ready") && resolve()));

const start = Date.now();
await publish(setup);
await setup.close();
let smsDoneAt = 0;
let emailDoneAt = 0;
while (Date.now() - start < (LIMIT_SECONDS + 120) * 1000) {
  await new Promise((r) => setTimeout(r, 100));
  if (!smsDoneAt && new Set(gateway.messages.map((m) => m.number)).size >= SMS) smsDoneAt = Date.now();
  if (!emailDoneAt && smtp.accepted >= EMAIL) emailDoneAt = Date.now();
  if (smsDoneAt && emailDoneAt) break;
}
const end = Date.now();
child.kill("SIGTERM");
await new Promise((r) => child.once("exit", r));
const check = await openDatabase({ databaseUrl: pg.url, dataDir });
const states = await deliveryStates(check);
await check.close();

const texts = gateway.messages.map((m) => m.number);
const mails = smtp.messages.map((m) => m.messageId);
const lastSeconds = smsDoneAt && emailDoneAt ? (Math.max(smsDoneAt, emailDoneAt) - start) / 1000 : null;
const result = {
  subscribers: SUBSCRIBERS,
  sms: {
    recipients: SMS,
    accepted: new Set(texts).size,
    repeats: texts.length - new Set(texts).size,
    gatewayCalls: gateway.calls.length,
    rateLimited: gateway.rateLimited,
    lastAcceptedAfterSeconds: smsDoneAt ? (smsDoneAt - start) / 1000 : null,
  },
  email: {
    recipients: EMAIL,
    accepted: new Set(mails).size,
    repeats: mails.length - new Set(mails).size,
    lastAcceptedAfterSeconds: emailDoneAt ? (emailDoneAt - start) / 1000 : null,
  },
  rates: { smsCallsPerMinute: CALLS_PER_MINUTE, numbersPerCall: 1000, mailPerSecond: MAIL_RATE },
  lastSubscriberAcceptedAfterSeconds: lastSeconds,
  setupSeconds,
  deliveryStates: states,
  cpus: os.cpus().length,
  loadAverage1m: Math.round(os.loadavg()[0] * 10) / 10,
  seconds: (end - start) / 1000,
};
console.log(JSON.stringify(result, null, 2));
const pass =
  result.sms.accepted === SMS &&
  result.email.accepted === EMAIL &&
  result.sms.repeats === 0 &&
  result.email.repeats === 0 &&
  lastSeconds !== null &&
  lastSeconds <= LIMIT_SECONDS;
console.log(
  `${pass ? "PASS" : "FAIL"}: rule = every subscriber's alert accepted (${SUBSCRIBERS}: ${SMS} SMS, ${EMAIL} e-mail), none twice, ` +
    `the last within ${LIMIT_SECONDS} s of the publish. Last accepted after ${lastSeconds ?? "never"} s ` +
    `(SMS ${result.sms.lastAcceptedAfterSeconds} s in ${result.sms.gatewayCalls} calls, e-mail ${result.email.lastAcceptedAfterSeconds} s).`,
);
await smtp.close();
await gateway.close();
cleanup();
process.exit(pass ? 0 : 1);
