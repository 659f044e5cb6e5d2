// Load: wrk (Debian's package), in one run per setup, against Debian's nginx (one worker)
// serving the same bytes:
// - /news/power-interruptions cached, `Accept-Encoding: gzip` (as the issue that set the goal
//   measures it; browsers send `gzip, deflate, br` and would get brotli, smaller still), against
//   nginx gzip_static serving the service's own gzip bytes, and against node:http alone serving
//   the same answer (the ceiling of one Node process on this machine: bench/lib/node-static.mjs);
// - with BENCH_LOG_LEVEL=info (and BENCH_RATE_LIMIT=on: the production defaults), the same
//   page of a second service at LOG_LEVEL=silent without limits beside it, in the same run;
// - the service behind deploy/nginx.conf (its micro-cache: what members get in production);
// - the same uncompressed, against nginx uncompressed;
// - the uncached render rate: a unique query string per request, with the cache off
//   (CACHE_TTL_MS=0: unread query parameters are not in the cache key, so they would hit).
// Setups: PGlite in one process; PostgreSQL in one process and with WEB_CONCURRENCY=2, on a
// database of its own named `bench` on DATABASE_URL's server (created empty, dropped at the
// end), or on a private cluster without DATABASE_URL (lib/bench-database.mjs).
// BENCH_SECONDS (default 10) per run; BENCH_SETUPS=pglite,pg1,pg2;
// BENCH_PATHS=/a,/b the typhoon-day pages compared cached (default the interruptions page and
// the restoration hub /outages); the uncached render rate is measured on the first.
// BENCH_BASELINE=dir: a checkout of an earlier commit, installed and built (`git worktree add
// /tmp/base <commit> && cd /tmp/base && npm ci && npm run build`), whose uncached render rate is
// measured in the same run, just before this one's, as the ratio's baseline; without it the
// ratio is against the 72 req/s the speed issue measured before this work.
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import zlib from "node:zlib";
import { startBenchDatabase } from "./lib/bench-database.mjs";
import { startStaticNginx } from "./lib/nginx-static.mjs";
import { startNodeStatic } from "./lib/node-static.mjs";
import { freePort, startService } from "./lib/service.mjs";
import { limitTime, timeLimit, verdict } from "./lib/verdict.mjs";
import { ensureWrk, wrk } from "./lib/wrk.mjs";

const PATHS = (process.env.BENCH_PATHS ?? "/news/power-interruptions,/outages").split(",");
const PATH = PATHS[0];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// BENCH_WARMUP_SECONDS: the wrk run before each measured one (JIT, connections, the kept copy).
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = 100;
const COMPRESSED = { "Accept-Encoding": "gzip" };
const wanted = (process.env.BENCH_SETUPS ?? "pglite,pg1,pg2").split(",");
// BENCH_PARTS=cached,uncached: which measurements to make (both by default).
const parts = (process.env.BENCH_PARTS ?? "cached,uncached").split(",");
// The rule: the service's cached page at least BENCH_MIN_RATIO (0.8) of the rate of Node's own
// http server writing the same bytes, measured in the same run, with p99 at most
// BENCH_MAX_P99_FACTOR (2) times that server's, no errors anywhere. nginx is measured beside
// them as the machine's ceiling. Each server's CPU time per answer (all its threads, from
// /proc) is printed too: unlike the rates, it hardly moves when the machine is busy.
const MIN_RATIO = Number(process.env.BENCH_MIN_RATIO ?? 0.8);
const MAX_P99_FACTOR = Number(process.env.BENCH_MAX_P99_FACTOR ?? 2);
limitTime("load", timeLimit(900));

ensureWrk();
const rows = [];
const line = (setup, what, r, base) =>
  console.log(
    `${setup.padEnd(26)} ${what.padEnd(34)} ${String(r.rps).padStart(7)} req/s  p99 ${String(r.p99ms).padStart(7)} ms  errors ${r.errors}${base ? `  ratio ${(r.rps / base.rps).toFixed(3)}` : ""}${r.cpuMsPerRequest === undefined ? "" : `  service CPU ${r.cpuMsPerRequest} ms/request`}${r.cpuUsPerAnswer === undefined ? "" : `  CPU ${r.cpuUsPerAnswer} µs/answer`}  load ${r.load}`,
  );

async function measure(setup, env) {
  if (parts.includes("cached")) for (const path of PATHS) await measureCached(setup, env, path);
  if (parts.includes("uncached")) await measureUncached(setup, env);
}

async function measureCached(setup, env, PATH) {
  // At the production defaults the Prometheus endpoint is on too (deploy/wespeco.env.example sets
  // METRICS_PORT), so its per-request counting is part of what is measured.
  const service = await startService({ env: SILENT_BESIDE ? { METRICS_PORT: String(freePort()), ...env } : env });
  let nginx;
  let bare;
  try {
    const identity = Buffer.from(await (await fetch(service.url + PATH, { headers: { "Accept-Encoding": "identity" } })).arrayBuffer());
    const gzipRes = await fetch(service.url + PATH, { headers: { "Accept-Encoding": "gzip" } });
    // The service stores gzip level 9 of these bytes: the same zlib call gives nginx the same .gz.
    const gzipped = zlib.gzipSync(identity, { level: 9 });
    nginx = await startStaticNginx(identity, PATH, { gzipped });
    bare = await startNodeStatic(gzipRes, gzipped);
    wrk(service.url + PATH, { seconds: WARMUP, headers: COMPRESSED });
    wrk(nginx.url + PATH, { seconds: WARMUP, headers: COMPRESSED });
    wrk(bare.url + PATH, { seconds: WARMUP, headers: COMPRESSED });
    const before = await service.metrics();
    const oneProcess = Number(env.WEB_CONCURRENCY ?? 1) === 1;
    const cachedBr = withCpu(oneProcess ? service.child.pid : undefined, () =>
      wrk(service.url + PATH, { seconds: SECONDS, connections: CONNECTIONS, headers: COMPRESSED }),
    );
    const after = await service.metrics();
    const nginxGz = wrk(nginx.url + PATH, { seconds: SECONDS, connections: CONNECTIONS, headers: COMPRESSED });
    const nodeGz = withCpu(bare.pid, () => wrk(bare.url + PATH, { seconds: SECONDS, connections: CONNECTIONS, headers: COMPRESSED }));
    // Production as deployed: the service behind deploy/nginx.conf (one nginx worker, its
    // micro-cache; access log off as in the gzip_static nginx), the answer kept by nginx.
    const front = MICRO_CACHE ? await startFront(new URL(service.url).port) : undefined;
    let fronted;
    try {
      if (front) {
        wrk(front.url + PATH, { seconds: WARMUP, headers: COMPRESSED });
        fronted = wrk(front.url + PATH, { seconds: SECONDS, connections: CONNECTIONS, headers: COMPRESSED });
      }
    } finally {
      await front?.stop();
    }
    // Beside the production defaults (BENCH_LOG_LEVEL=info, BENCH_RATE_LIMIT=on), the same
    // service with LOG_LEVEL=silent and no rate limits, in the same run: what those two cost.
    const silent = SILENT_BESIDE ? await cachedSilent(env, PATH) : undefined;
    const cachedPlain = wrk(service.url + PATH, { seconds: SECONDS, connections: CONNECTIONS });
    const nginxPlain = wrk(nginx.url + PATH, { seconds: SECONDS, connections: CONNECTIONS });
    // With several workers /__metrics answers from whichever took the connection: no before/after then.
    const stalls = oneProcess ? stallsBetween(before, after) : undefined;
    console.log(
      `${setup} ${PATH}: page ${identity.length} bytes, gzip ${gzipped.length} (nginx), service encodings ${gzipRes.headers.get("content-encoding")}` +
        (oneProcess ? `; renders during the cached run: ${after.renders - before.renders}` : ""),
    );
    if (stalls) console.log(`${setup} ${PATH}: event-loop stalls during the cached run (20–50 / 50–100 / 100+ ms): ${stalls}`);
    line(setup, "nginx gzip_static (gzip)", nginxGz);
    line(setup, "node:http alone, same answer (gzip)", nodeGz, nginxGz);
    line(setup, "service cached (gzip)", cachedBr, nginxGz);
    if (silent) line(setup, "service cached, silent, no limits", silent, nginxGz);
    if (fronted) line(setup, "service behind deploy/nginx.conf", fronted, nginxGz);
    console.log(
      `${setup} ${PATH}: service cached / node:http alone: rate ${(cachedBr.rps / nodeGz.rps).toFixed(3)}, p99 ${(cachedBr.p99ms / nodeGz.p99ms).toFixed(2)}×` +
        (cachedBr.cpuUsPerAnswer ? `, CPU per answer ${cachedBr.cpuUsPerAnswer} µs against ${nodeGz.cpuUsPerAnswer} µs` : "") +
        (silent ? `; silent, no limits: rate ${(silent.rps / nodeGz.rps).toFixed(3)}` : ""),
    );
    line(setup, "nginx uncompressed", nginxPlain);
    line(setup, "service cached, uncompressed", cachedPlain, nginxPlain);
    rows.push({ setup, path: PATH, nginxGz, nodeGz, cachedBr, silent, fronted, nginxPlain, cachedPlain, stalls });
  } finally {
    await nginx?.stop();
    await bare?.stop();
    await service.stop();
  }
}

// BENCH_MICRO_CACHE=off: without the run through deploy/nginx.conf's micro-cache.
const MICRO_CACHE = process.env.BENCH_MICRO_CACHE !== "off";
/** deploy/nginx.conf in front of the service (tests/support/nginx.ts, loaded through tsx). */
async function startFront(port) {
  const { tsImport } = await import("tsx/esm/api");
  const { startNginx } = await tsImport("../tests/support/nginx.ts", import.meta.url);
  return startNginx({ upstreamPort: Number(port) });
}

const SILENT_BESIDE = Boolean(process.env.BENCH_LOG_LEVEL) && process.env.BENCH_LOG_LEVEL !== "silent";

/** The cached page of a second service at LOG_LEVEL=silent without rate limits. */
async function cachedSilent(env, path) {
  const quiet = await startService({ env: { ...env, RATE_LIMIT: "off" }, logLevel: "silent" });
  try {
    await (await fetch(quiet.url + path)).arrayBuffer();
    wrk(quiet.url + path, { seconds: WARMUP, headers: COMPRESSED });
    return wrk(quiet.url + path, { seconds: SECONDS, connections: CONNECTIONS, headers: COMPRESSED });
  } finally {
    await quiet.stop();
  }
}

/** The service's event-loop stalls between two /__metrics reads: its own work, and waiting for a CPU. */
function stallsBetween(before, after) {
  const d = (kind) => ["20ms", "50ms", "100ms"].map((b) => after.stalls[kind][b] - before.stalls[kind][b]).join(" / ");
  return `service busy ${d("busy")}; service waiting for a CPU ${d("waiting")}`;
}

const BASELINE = process.env.BENCH_BASELINE;

/** A wrk run's result with the CPU time per answer of the server process `pid` (µs, all its threads) during it. */
function withCpu(pid, run) {
  if (pid === undefined) return run();
  const before = cpuMs(pid);
  const result = run();
  if (result.requests) result.cpuUsPerAnswer = +(((cpuMs(pid) - before) * 1000) / result.requests).toFixed(1);
  return result;
}

/** A process's CPU time so far (user and system, all its threads), in ms, from /proc. */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(execSync("getconf CLK_TCK").toString().trim());

/** The uncached render rate of this checkout, or of `from` (the baseline checkout). */
async function uncachedRate(env, from) {
  const service = await startService({ env: { ...env, CACHE_TTL_MS: "0" }, from });
  try {
    wrk(service.url + PATH, { seconds: WARMUP, connections: 20, headers: COMPRESSED, uniqueQuery: true });
    // The service's own CPU time per request too: what a render costs, whatever else the
    // machine's cores are doing. With several workers, only one process's share is seen: one process only.
    const cpuBefore = cpuMs(service.child.pid);
    const result = wrk(service.url + PATH, { seconds: SECONDS, connections: 20, headers: COMPRESSED, uniqueQuery: true });
    if (Number(env.WEB_CONCURRENCY ?? 1) === 1)
      result.cpuMsPerRequest = +((cpuMs(service.child.pid) - cpuBefore) / result.requests).toFixed(2);
    return result;
  } finally {
    await service.stop();
  }
}

async function measureUncached(setup, env) {
  const baseline = BASELINE ? await uncachedRate(env, BASELINE) : { rps: 72 };
  if (BASELINE) line(setup, "baseline uncached render (20 conn.)", baseline);
  const uncached = await uncachedRate(env);
  line(setup, "service uncached render (20 conn.)", uncached, baseline);
  rows.push({ setup, path: PATH, uncached, baseline: BASELINE ? baseline : undefined });
}

if (wanted.includes("pglite")) await measure("PGlite, one process", {});
if (wanted.includes("pg1") || wanted.includes("pg2")) {
  const database = await startBenchDatabase();
  console.log(`PostgreSQL: ${database.where}`);
  try {
    if (wanted.includes("pg1")) await measure("PostgreSQL, one process", { DATABASE_URL: database.url, WEB_CONCURRENCY: "1" });
    if (wanted.includes("pg2")) await measure("PostgreSQL, WEB_CONCURRENCY=2", { DATABASE_URL: database.url, WEB_CONCURRENCY: "2" });
  } finally {
    await database.drop();
  }
}
console.log(
  BASELINE
    ? `(uncached ratio is against ${BASELINE}, measured in this run)`
    : "(uncached ratio is against the 72 req/s measured before this work, PGlite, one process)",
);
console.log(JSON.stringify(rows));
const failures = [];
for (const r of rows) {
  if (r.cachedBr) {
    const ratio = r.cachedBr.rps / r.nodeGz.rps;
    if (ratio < MIN_RATIO) failures.push(`${r.setup} ${r.path}: ratio to node:http ${ratio.toFixed(3)}`);
    if (r.cachedBr.p99ms > MAX_P99_FACTOR * r.nodeGz.p99ms)
      failures.push(`${r.setup} ${r.path}: p99 ${r.cachedBr.p99ms} ms against node:http's ${r.nodeGz.p99ms} ms`);
    if (r.cachedBr.errors || r.cachedPlain.errors)
      failures.push(`${r.setup} ${r.path}: ${r.cachedBr.errors + r.cachedPlain.errors} errors`);
  }
  if (r.uncached?.errors) failures.push(`${r.setup}: ${r.uncached.errors} errors uncached`);
}
verdict(
  failures.length === 0,
  `cached pages at least ${MIN_RATIO}× the rate of node:http alone on the same bytes, p99 ≤ ${MAX_P99_FACTOR}× its p99, no errors`,
  failures.join("; ") ||
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
);
