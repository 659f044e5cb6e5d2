// What the production defaults cost a cached page, in the service's own CPU time per request
// (µs; utime + stime of the service process from /proc), which a busy machine changes far less
// than requests a second (docs/decisions/0025-production-defaults-cost.md).
// Two services run side by side on the same page build: `silent` (LOG_LEVEL=silent, no rate
// limits, no Prometheus) and `prod` (LOG_LEVEL=info with the request log, RATE_LIMIT=on,
// METRICS_PORT set). Both are loaded at the same time (wrk, 50 connections each, BENCH_SECONDS,
// 6), so that each sees the same contention, for BENCH_ROUNDS rounds (7; the first warms up and
// is not counted). BENCH_BASELINE=dir also runs `prod` from an earlier checkout, installed and
// built, beside them. PASS when the median over rounds of (prod − silent) is at most
// BENCH_MAX_OVERHEAD (0.2) of silent's median.
import { execFile, execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { copyTemplate, freePort, startService } from "./lib/service.mjs";
import { atExit, limitTime, timeLimit, verdict } from "./lib/verdict.mjs";
import { ensureWrk, wrk } from "./lib/wrk.mjs";

const PATH = process.env.BENCH_PATH ?? "/news/power-interruptions";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const MAX_OVERHEAD = Number(process.env.BENCH_MAX_OVERHEAD ?? 0.2);
const BASELINE = process.env.BENCH_BASELINE;
const HEADERS = { "Accept-Encoding": "gzip" };
limitTime("log-cost", timeLimit(60 + ROUNDS * (SECONDS + 5) * 2));
ensureWrk();

const CLOCK_TICKS = Number(execSync("getconf CLK_TCK").toString().trim());
/** A process's CPU time so far (user and system), in ms. */
const cpuMs = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
};

const variants = [
  { name: "silent", env: { RATE_LIMIT: "off" }, logLevel: "silent" },
  { name: "prod", env: { RATE_LIMIT: "on", METRICS_PORT: String(freePort()) }, logLevel: "info" },
  ...(BASELINE
    ? [{ name: "prod, baseline", env: { RATE_LIMIT: "on", METRICS_PORT: String(freePort()) }, logLevel: "info", from: BASELINE }]
    : []),
];

const services = [];
for (const v of variants) {
  // A baseline checkout runs on a copy of the same seeded data folder (startService copies none for it).
  let dataDir;
  if (v.from) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coop-bench-"));
    atExit(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    copyTemplate(dataDir);
  }
  const service = await startService({ env: v.env, logLevel: v.logLevel, dataDir, from: v.from });
  await (await fetch(service.url + PATH, { headers: HEADERS })).arrayBuffer();
  wrk(service.url + PATH, { seconds: 2, headers: HEADERS });
  services.push({ ...v, service, perRequest: [] });
}

const run = promisify(execFile);
async function load(url) {
  const { stdout } = await run("wrk", ["-t", "1", "-c", "50", "-d", `${SECONDS}s`, "-H", "Accept-Encoding: gzip", url]);
  return {
    requests: Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0),
    rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? 0)),
  };
}
try {
  for (let round = 0; round < ROUNDS; round++) {
    const before = services.map((s) => cpuMs(s.service.child.pid));
    const results = await Promise.all(services.map((s) => load(s.service.url + PATH)));
    services.forEach((s, i) => {
      const us = ((cpuMs(s.service.child.pid) - before[i]) * 1000) / results[i].requests;
      if (round > 0) s.perRequest.push(us);
      console.log(
        `round ${round}${round === 0 ? " (warm-up)" : ""} ${s.name.padEnd(15)} ${String(results[i].rps).padStart(6)} req/s  ${us.toFixed(1)} µs CPU/request`,
      );
    });
  }
} finally {
  for (const s of services) await s.service.stop();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const s of services) console.log(`${s.name.padEnd(15)} median ${median(s.perRequest).toFixed(1)} µs CPU/request`);
const [silent, prod] = services;
const silentMedian = median(silent.perRequest);
const overhead = median(prod.perRequest.map((us, i) => us - silent.perRequest[i]));
console.log(
  `production defaults over silent: ${overhead.toFixed(1)} µs a request (${((overhead / silentMedian) * 100).toFixed(1)} %), median of the rounds`,
);
verdict(
  overhead <= MAX_OVERHEAD * silentMedian,
  `the production defaults cost a cached page at most ${MAX_OVERHEAD * 100} % more CPU than LOG_LEVEL=silent without limits`,
  `${overhead.toFixed(1)} µs over ${silentMedian.toFixed(1)} µs`,
);
