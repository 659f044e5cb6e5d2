// Typhoon day: the whole mix at once, on PostgreSQL (a private cluster) with WEB_CONCURRENCY=2,
// the alerts worker as its own process (ALERTS_WORKER=off on the site), Redis when REDIS_URL is
// set (cache invalidation between the workers; without it, through the primary):
// - public pages (home, the interruption page, the restoration hub) with wrk at
//   BENCH_PAGE_CONNECTIONS (50) connections: as fast as the machine answers;
// - BENCH_VIEWERS (200) live AGAM viewers (server-sent events), held for the whole run;
// - BENCH_REPORTS_PER_MINUTE (1,000) outage reports through the page form (each a GET of the
//   form, the no-JavaScript question answered, a POST), a photo on one in ten (multipart, a
//   1024×768 JPEG);
// - a dispatcher update every 10 s: an interruption published in another town through the
//   domain module (tests/support/publish.ts) and the content-changed message on the bus when
//   Redis is there (not the console's form: it needs a staff sign-in with a second factor);
// - BENCH_ALERT_AFTER (10) s into the run, one alert to BENCH_SUBSCRIBERS (100,000) subscribers
//   of Bani, SMS to half and e-mail to half, through the SMS gateway stand-in (120 calls a
//   minute, 1,000 numbers a call, 429 beyond) and a loopback SMTP server (nodemailer pool
//   limited to BENCH_MAIL_RATE, 200 messages a second).
// Load runs BENCH_SECONDS (300); the alert is followed until its last subscriber is accepted or
// BENCH_LIMIT_SECONDS (600) after the publish. Rate limits are off (every request comes from
// one address here). Prints p50/p99 per request class, reports acknowledged (303 to their
// status page) against reports stored, and the time to the last subscriber's alert.
// PASS: reports stored = acknowledged, no failed page request, every subscriber's alert
// accepted once within the limit, report posts' p99 at most BENCH_MAX_REPORT_P99_MS (1,000; the
// photos are re-encoded by the worker's job, not in the post), every photo re-encoded by the
// worker within BENCH_PHOTO_SECONDS (120) of the run's end, and with BENCH_RAMP=on the knee at
// least BENCH_MIN_KNEE_PER_CORE page requests a second per core (1,466: twice the 733 measured
// before the photos left the web processes).
//   npx tsx bench/typhoon-day.mjs                               (full size)
//   BENCH_SECONDS=60 BENCH_SUBSCRIBERS=10000 npx tsx bench/typhoon-day.mjs   (a short run)
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { openDatabase } from "../db/client.ts";
import { CONTENT_CHANGED_CHANNEL, createBus } from "../server/bus.ts";
import { publishInterruption } from "../tests/support/publish.ts";
import { startSmsGateway } from "../tests/support/sms-gateway.ts";
import { startSmtpServer } from "../tests/support/smtp.ts";
import { prepareAlertsDatabase, publish } from "./lib/alerts-setup.ts";
import { startPrivatePostgres } from "./lib/private-postgres.mjs";
import { startService } from "./lib/service.mjs";
import { atExit, limitTime, verdict } from "./lib/verdict.mjs";
import { ensureWrk } from "./lib/wrk.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 300);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const REPORTS_PER_MINUTE = Number(process.env.BENCH_REPORTS_PER_MINUTE ?? 1000);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 200);
const PAGE_CONNECTIONS = Number(process.env.BENCH_PAGE_CONNECTIONS ?? 50);
const ALERT_AFTER = Number(process.env.BENCH_ALERT_AFTER ?? 10);
const LIMIT_SECONDS = Number(process.env.BENCH_LIMIT_SECONDS ?? 600);
const MAIL_RATE = Number(process.env.BENCH_MAIL_RATE ?? 200);
const CALLS_PER_MINUTE = 120;
const SMS = Math.floor(SUBSCRIBERS / 2);
const EMAIL = SUBSCRIBERS - SMS;
const PAGES = ["/", "/news/power-interruptions", "/outages"];
const MAX_REPORT_P99_MS = Number(process.env.BENCH_MAX_REPORT_P99_MS ?? 1000);
const MIN_KNEE_PER_CORE = Number(process.env.BENCH_MIN_KNEE_PER_CORE ?? 1466);
const PHOTO_SECONDS = Number(process.env.BENCH_PHOTO_SECONDS ?? 120);
const root = path.resolve(import.meta.dirname, "..");
// BENCH_RAMP=on: before the run, the mix (page connections and report rate together) doubled
// every BENCH_STEP_SECONDS (30) until public pages' p99 passes 1 s or a request fails.
const RAMP = process.env.BENCH_RAMP === "on";
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 30);
// Setup (subscribers, two services' starts) plus the run plus the alert's tail, plus a margin.
limitTime("typhoon-day", Number(process.env.BENCH_TIME_LIMIT ?? SECONDS + LIMIT_SECONDS + 600 + (RAMP ? 8 * STEP_SECONDS : 0)));
ensureWrk();

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coop-typhoon-day-"));
atExit(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const pg = await startPrivatePostgres();
atExit(() => pg.destroy());
const smtp = await startSmtpServer({ parse: false });
const gateway = await startSmsGateway({ bulkLimit: 1000, callsPerWindow: CALLS_PER_MINUTE, windowMs: 60_000 });

const setupStarted = Date.now();
const setup = await prepareAlertsDatabase({ databaseUrl: pg.url, dataDir, subscribers: EMAIL, sms: SMS });
const redisUrl = process.env.REDIS_URL;
const service = await startService({
  env: {
    DATABASE_URL: pg.url,
    WEB_CONCURRENCY: "2",
    ALERTS_WORKER: "off",
    RATE_LIMIT: "off",
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  },
  logLevel: "info",
});
const worker = spawn(process.execPath, ["--import", "tsx", path.join(root, "bench", "lib", "alerts-worker.ts")], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DATABASE_URL: pg.url,
    PUBLIC_URL: "https://coop.example.ph",
    SMTP_URL: smtp.url,
    SMTP_RATE_PER_SECOND: String(MAIL_RATE),
    SMTP_MAX_CONNECTIONS: process.env.BENCH_SMTP_CONNECTIONS ?? "10",
    SMS_GATEWAY_URL: gateway.url,
    SMS_API_KEY: gateway.apiKey,
    SMS_RATE_PER_MINUTE: String(CALLS_PER_MINUTE),
    SMS_BULK_LIMIT: "1000",
    ALERTS_BATCH: "200",
    ALERTS_DAYTIME: "1",
  },
  stdio: ["ignore", "pipe", "inherit"],
});
atExit(() => worker.exitCode === null && worker.kill("SIGKILL"));
await new Promise((resolve) => worker.stdout.on("data", (c) => String(c).includes("ready") && resolve()));
console.log(`setup ${((Date.now() - setupStarted) / 1000).toFixed(0)} s: ${SUBSCRIBERS} subscribers, service and worker up`);

const handle = await openDatabase({ databaseUrl: pg.url, dataDir });
// Reports name every barangay in turn.
const barangayIds = (await handle.db.execute(sql`select id from barangays order by id`)).rows.map((r) => Number(r.id));
if (barangayIds.length === 0) throw new Error("no barangays in the database");
const KINDS = ["no-power", "partial-power", "line-down", "tree", "other"];
const photo = await sharp({ create: { width: 1024, height: 768, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 40 } } })
  .jpeg({ quality: 70 })
  .toBuffer();

const quantile = (xs, q) => {
  if (xs.length === 0) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
};
const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];

/** One report as a member without JavaScript files it: the form, the question, the post. */
async function fileOneReport(n) {
  const kind = KINDS[n % KINDS.length];
  const barangay = barangayIds[n % barangayIds.length];
  const started = Date.now();
  const form = await fetch(`${service.url}/report?kind=${kind}&barangay=${barangay}`);
  // The report form's own question (a "this is mine too" form above it has one of its own).
  const page = await form.text();
  const html = page.slice(Math.max(0, page.indexOf('name="intent" value="report"')));
  const token = /name="questionToken" value="([^"]+)"/.exec(html)?.[1];
  const question = /What is (\w+) plus (\w+)\?/.exec(html);
  if (form.status !== 200 || !token || !question) return { ok: false, status: form.status, ms: Date.now() - started, step: "form" };
  const fields = {
    intent: "report",
    kind,
    barangayId: String(barangay),
    landmark: `Near the chapel, report ${n}`,
    details: "No power since the wind rose.",
    questionToken: token.replace(/&amp;/g, "&"),
    questionAnswer: String(WORDS.indexOf(question[1]) + WORDS.indexOf(question[2])),
  };
  let body;
  if (n % 10 === 0) {
    body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    body.append("photo", new Blob([photo], { type: "image/jpeg" }), "photo.jpg");
  } else body = new URLSearchParams(fields);
  const postStarted = Date.now();
  const res = await fetch(`${service.url}/report?kind=${kind}&barangay=${barangay}`, { method: "POST", body, redirect: "manual" });
  const answer = await res.text();
  const ok = res.status === 303 && /\/report\/status\//.test(res.headers.get("location") ?? "");
  // What a refused report was told (the first error beside a field), to say why in the figures.
  const error = /id="([\w-]+)-error"[^>]*><span[^>]*>Error: <\/span>(?:<!-- -->)?([^<]+)/.exec(answer);
  const why = ok ? undefined : error ? `${error[1]}: ${error[2]}` : `${answer.length} bytes`;
  return { ok, status: res.status, ms: Date.now() - postStarted, formMs: postStarted - started, photo: n % 10 === 0, step: "post", why };
}

/** BENCH_VIEWERS live streams; each counts the events it received. */
function openViewers(count) {
  const viewers = [];
  for (let i = 0; i < count; i++) {
    const v = { connectedMs: null, events: 0, failed: false, req: null };
    const started = Date.now();
    v.req = http.get(`${service.url}/api/v1/agam/pool/stream`, { agent: false, headers: { Accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) v.failed = true;
      v.connectedMs = Date.now() - started;
      res.on("data", (d) => (v.events += String(d).split("\n\n").length - 1));
      res.on("error", () => {});
    });
    v.req.on("error", () => (v.failed = true));
    viewers.push(v);
  }
  return viewers;
}

/** wrk on the public pages for `seconds`, rotating the three paths. */
function pageLoad(seconds, connections) {
  const script = path.join(dataDir, "pages.lua");
  fs.writeFileSync(
    script,
    `local paths = {${PAGES.map((p) => `"${p}"`).join(", ")}}\nlocal i = 0\nrequest = function()\n  i = i + 1\n  return wrk.format("GET", paths[(i % #paths) + 1], { ["Accept-Encoding"] = "gzip" })\nend\n`,
  );
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", [
      "-t",
      "1",
      "-c",
      String(connections),
      "-d",
      `${seconds}s`,
      "--timeout",
      "10s",
      "--latency",
      "-s",
      script,
      service.url,
    ]);
    atExit(() => child.exitCode === null && child.kill("SIGKILL"));
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", () => {
      const ms = (label) => {
        const m = new RegExp(`\\s${label}%\\s+([\\d.]+)(us|ms|s)\\b`).exec(out);
        return m ? Math.round(Number(m[1]) * (m[2] === "us" ? 0.001 : m[2] === "s" ? 1000 : 1)) : null;
      };
      const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      resolve({
        requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
        rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)),
        p50: ms("50"),
        p99: ms("99"),
        errors:
          Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) + (socket ? socket.slice(1).reduce((s, n) => s + Number(n), 0) : 0),
      });
    });
  });
}

/** The machine's CPU time split since `from` (from /proc/stat): idle share. */
function cpuTimes() {
  const f = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  return { idle: f[3] + f[4], total: f.reduce((a, b) => a + b, 0) };
}

/** How many times each value occurs, most frequent first. */
function countBy(values) {
  const counts = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort((a, b) => b[1] - a[1]));
}

/** The mix raised step by step: the knee, and what ran out first. */
async function ramp() {
  const steps = [];
  const maxConnections = Number((await handle.db.execute(sql`show max_connections`)).rows[0].max_connections);
  for (let factor = 1; factor <= 64; factor *= 2) {
    const connections = Math.max(5, Math.round((PAGE_CONNECTIONS * factor) / 4));
    const perMinute = Math.round((REPORTS_PER_MINUTE * factor) / 4);
    const cpu0 = cpuTimes();
    const results = [];
    let n = 0;
    const timer = setInterval(
      () => results.push(fileOneReport(1_000_000 * factor + n++).catch((e) => ({ ok: false, status: 0, ms: 0, error: String(e) }))),
      60_000 / perMinute,
    );
    let peakDbConnections = 0;
    const watch = setInterval(async () => {
      const r = await handle.db.execute(sql`select count(*)::int as n from pg_stat_activity where backend_type = 'client backend'`);
      peakDbConnections = Math.max(peakDbConnections, Number(r.rows[0].n));
    }, 1000);
    const page = await pageLoad(STEP_SECONDS, connections);
    clearInterval(timer);
    clearInterval(watch);
    const done = await Promise.all(results);
    const cpu1 = cpuTimes();
    const step = {
      connections,
      reportsPerMinute: perMinute,
      pageRps: page.rps,
      pageP50ms: page.p50,
      pageP99ms: page.p99,
      pageErrors: page.errors,
      reportsFailed: done.filter((r) => !r.ok).length,
      // How the failed ones failed: "step status" (status 0: no answer), with the count of each.
      reportsFailedAs: countBy(
        done
          .filter((r) => !r.ok)
          .map((r) => `${r.step ?? "network"} ${r.status}${r.why || r.error ? ` (${r.why ?? r.error.slice(0, 80)})` : ""}`),
      ),
      reportPostP99ms: quantile(
        done.filter((r) => r.step === "post").map((r) => r.ms),
        0.99,
      ),
      cpuIdlePercent: Math.round((100 * (cpu1.idle - cpu0.idle)) / (cpu1.total - cpu0.total)),
      peakDbConnections,
      maxDbConnections: maxConnections,
      serviceRssKiB: await service.rssKiB(),
      loadAverage1m: Math.round(os.loadavg()[0] * 10) / 10,
    };
    steps.push(step);
    console.log(`ramp ${JSON.stringify(step)}`);
    if (page.p99 > 1000 || page.errors > 0 || step.reportsFailed > 0) break;
  }
  const broke = steps.at(-1);
  const good = steps.filter((s) => s.pageP99ms <= 1000 && s.pageErrors === 0 && s.reportsFailed === 0);
  const knee = good.at(-1);
  const ranOut =
    broke.cpuIdlePercent <= 5
      ? `CPU (${broke.cpuIdlePercent} % idle)`
      : broke.peakDbConnections >= broke.maxDbConnections - 3
        ? `database connections (${broke.peakDbConnections} of ${broke.maxDbConnections})`
        : broke.serviceRssKiB > 1_500_000
          ? `memory (${broke.serviceRssKiB} KiB)`
          : `not CPU, connections or memory: the event loop (${broke.cpuIdlePercent} % CPU idle)`;
  kneePerCore = knee ? Math.round(knee.pageRps / os.cpus().length) : 0;
  console.log(
    knee
      ? `ramp knee: ${knee.pageRps} page req/s at ${knee.connections} connections with ${knee.reportsPerMinute} reports a minute, ${Math.round(knee.pageRps / os.cpus().length)} req/s per core; the step after ${broke === knee ? "(none: the ramp ended at its largest step)" : `broke (p99 ${broke.pageP99ms} ms, ${broke.pageErrors} page errors, ${broke.reportsFailed} reports failed)`}; what ran out first: ${ranOut}`
      : `ramp: the first step already broke (p99 ${broke.pageP99ms} ms, ${broke.pageErrors} page errors, ${broke.reportsFailed} reports failed); what ran out first: ${ranOut}`,
  );
}

const bus = redisUrl ? await createBus(redisUrl) : undefined;
let kneePerCore = null;
if (RAMP) await ramp();
const reportsBefore = Number((await handle.db.execute(sql`select count(*)::int as n from outage_reports`)).rows[0].n);
const viewers = openViewers(VIEWERS);
const runStarted = Date.now();
const pages = pageLoad(SECONDS, PAGE_CONNECTIONS);

// Reports at a steady rate, each on its own (a slow answer does not hold the next back).
const reports = [];
let reportCount = 0;
const reportTimer = setInterval(() => {
  reports.push(fileOneReport(reportCount++).catch((e) => ({ ok: false, status: 0, ms: 0, error: String(e) })));
}, 60_000 / REPORTS_PER_MINUTE);

// The dispatcher: an update every 10 s (an interruption in Bolinao: no subscribers there).
const dispatcher = [];
const dispatcherTimer = setInterval(async () => {
  const started = Date.now();
  try {
    await publishInterruption(handle.db, { town: "Bolinao", barangays: [], startsAt: new Date(Date.now() + 24 * 3600_000) });
    await bus?.publish(CONTENT_CHANGED_CHANNEL, "interruptions");
    dispatcher.push({ ok: true, ms: Date.now() - started });
  } catch (e) {
    dispatcher.push({ ok: false, ms: Date.now() - started, error: String(e) });
  }
}, 10_000);

// The alert, and its followers.
await new Promise((r) => setTimeout(r, ALERT_AFTER * 1000));
const alertAt = Date.now();
await publish(setup);
let smsDoneAt = 0;
let emailDoneAt = 0;
const alertDone = (async () => {
  while (Date.now() - alertAt < LIMIT_SECONDS * 1000) {
    await new Promise((r) => setTimeout(r, 250));
    if (!smsDoneAt && new Set(gateway.messages.map((m) => m.number)).size >= SMS) smsDoneAt = Date.now();
    if (!emailDoneAt && smtp.accepted >= EMAIL) emailDoneAt = Date.now();
    if (smsDoneAt && emailDoneAt) return;
  }
})();

const pageResult = await pages;
clearInterval(reportTimer);
clearInterval(dispatcherTimer);
const reportResults = await Promise.all(reports);
const viewerSummary = {
  viewers: VIEWERS,
  connected: viewers.filter((v) => v.connectedMs !== null && !v.failed).length,
  failed: viewers.filter((v) => v.failed).length,
  connectP99ms: quantile(
    viewers.filter((v) => v.connectedMs !== null).map((v) => v.connectedMs),
    0.99,
  ),
};
for (const v of viewers) v.req.destroy();
const loadSeconds = (Date.now() - runStarted) / 1000;
await alertDone;

const stored = Number((await handle.db.execute(sql`select count(*)::int as n from outage_reports`)).rows[0].n) - reportsBefore;
// The photos: each re-encoded by the worker's job (none left as sent, none unreadable).
const photosAt = Date.now();
const photoStates = async () =>
  Object.fromEntries(
    (await handle.db.execute(sql`select state, count(*)::int as n from report_photos group by state`)).rows.map((r) => [
      r.state,
      Number(r.n),
    ]),
  );
let photos = await photoStates();
while ((photos.received ?? 0) + (photos.queued ?? 0) > 0 && Date.now() - photosAt < PHOTO_SECONDS * 1000) {
  await new Promise((r) => setTimeout(r, 500));
  photos = await photoStates();
}
const photosDoneSeconds = (photos.received ?? 0) + (photos.queued ?? 0) === 0 ? (Date.now() - photosAt) / 1000 : null;
await handle.close();
await setup.close();
await bus?.close();
const acknowledged = reportResults.filter((r) => r.ok).length;
const posts = reportResults.filter((r) => r.step === "post");
const texts = gateway.messages.map((m) => m.number);
const mails = smtp.messages.map((m) => m.messageId);
const lastSeconds = smsDoneAt && emailDoneAt ? (Math.max(smsDoneAt, emailDoneAt) - alertAt) / 1000 : null;
const result = {
  seconds: Math.round(loadSeconds),
  cpus: os.cpus().length,
  redis: Boolean(redisUrl),
  publicPages: pageResult,
  reports: {
    sent: reportResults.length,
    acknowledged,
    stored,
    refused: reportResults.filter((r) => !r.ok).length,
    statuses: reportResults.reduce((counts, r) => {
      const key = `${r.step ?? "error"} ${r.status}`;
      counts[key] = (counts[key] ?? 0) + 1;
      return counts;
    }, {}),
    refusedBecause: reportResults.reduce((counts, r) => {
      if (r.why) counts[r.why] = (counts[r.why] ?? 0) + 1;
      return counts;
    }, {}),
    formP50ms: quantile(
      posts.map((r) => r.formMs),
      0.5,
    ),
    formP99ms: quantile(
      posts.map((r) => r.formMs),
      0.99,
    ),
    postP50ms: quantile(
      posts.map((r) => r.ms),
      0.5,
    ),
    postP99ms: quantile(
      posts.map((r) => r.ms),
      0.99,
    ),
    withPhotoPostP99ms: quantile(
      posts.filter((r) => r.photo).map((r) => r.ms),
      0.99,
    ),
  },
  photos: { states: photos, allReEncodedSecondsAfterTheRun: photosDoneSeconds },
  viewers: viewerSummary,
  dispatcher: {
    updates: dispatcher.length,
    failed: dispatcher.filter((d) => !d.ok).length,
    p99ms: quantile(
      dispatcher.map((d) => d.ms),
      0.99,
    ),
  },
  alert: {
    subscribers: SUBSCRIBERS,
    sms: {
      recipients: SMS,
      accepted: new Set(texts).size,
      repeats: texts.length - new Set(texts).size,
      afterSeconds: smsDoneAt ? (smsDoneAt - alertAt) / 1000 : null,
    },
    email: {
      recipients: EMAIL,
      accepted: new Set(mails).size,
      repeats: mails.length - new Set(mails).size,
      afterSeconds: emailDoneAt ? (emailDoneAt - alertAt) / 1000 : null,
    },
    lastSubscriberAcceptedAfterSeconds: lastSeconds,
  },
  serviceRssKiB: await service.rssKiB(),
  loadAverage1m: Math.round(os.loadavg()[0] * 10) / 10,
};
console.log(JSON.stringify(result, null, 2));
worker.kill("SIGTERM");
await new Promise((r) => worker.once("exit", r));
await service.stop();
await smtp.close();
await gateway.close();
verdict(
  stored === acknowledged &&
    pageResult.errors === 0 &&
    pageResult.requests > 0 &&
    result.alert.sms.accepted === SMS &&
    result.alert.email.accepted === EMAIL &&
    result.alert.sms.repeats === 0 &&
    result.alert.email.repeats === 0 &&
    lastSeconds !== null &&
    lastSeconds <= LIMIT_SECONDS &&
    result.reports.postP99ms !== null &&
    result.reports.postP99ms <= MAX_REPORT_P99_MS &&
    photosDoneSeconds !== null &&
    !photos.failed &&
    (kneePerCore === null || kneePerCore >= MIN_KNEE_PER_CORE),
  `typhoon day (${SECONDS} s of pages, ${VIEWERS} viewers, ${REPORTS_PER_MINUTE} reports a minute, dispatcher every 10 s, one alert to ${SUBSCRIBERS}): reports stored = acknowledged, report posts' p99 ≤ ${MAX_REPORT_P99_MS} ms, every photo re-encoded within ${PHOTO_SECONDS} s of the run, no failed page request, every subscriber's alert accepted once within ${LIMIT_SECONDS} s${RAMP ? `, the knee ≥ ${MIN_KNEE_PER_CORE} page req/s per core` : ""}`,
  `pages ${pageResult.rps} req/s p50 ${pageResult.p50} ms p99 ${pageResult.p99} ms errors ${pageResult.errors}; reports ${acknowledged} acknowledged, ${stored} stored, post p99 ${result.reports.postP99ms} ms (with a photo ${result.reports.withPhotoPostP99ms} ms); photos ${JSON.stringify(photos)}, all re-encoded ${photosDoneSeconds === null ? "not in time" : `${photosDoneSeconds} s after the run`}; alert's last subscriber after ${lastSeconds ?? "never"} s${kneePerCore === null ? "" : `; knee ${kneePerCore} page req/s per core`}`,
);
process.exit(process.exitCode ?? 0);
