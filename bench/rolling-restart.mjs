// Rolling restart: wrk (100 connections) on a cached page and an API answer while the
// service's primary gets SIGHUP (what `systemctl reload wespeco-site` sends), on PostgreSQL
// with WEB_CONCURRENCY=2: every worker is replaced one at a time. The rule: zero failed
// requests (socket errors or non-2xx/3xx), every worker process new after it, within
// BENCH_MAX_RESTART_SECONDS (15) of the SIGHUP.
// Load runs from BENCH_SECONDS (5) before the SIGHUP until BENCH_SECONDS after the last worker
// was replaced (new workers start slowly on a busy machine). wrk waits up to 10 s for an answer
// (its default, 2 s, counts a slow answer on a loaded machine as a failure). A private PostgreSQL, or
// a database `bench` on DATABASE_URL's server.
import { execFileSync, spawn } from "node:child_process";
import { startBenchDatabase } from "./lib/bench-database.mjs";
import { startService } from "./lib/service.mjs";
import { atExit, limitTime, timeLimit, verdict } from "./lib/verdict.mjs";
import { ensureWrk } from "./lib/wrk.mjs";

limitTime("rolling-restart", timeLimit(420));
// Load from a few seconds before the SIGHUP until a few seconds after the last worker was replaced.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
// From SIGHUP until every worker is a new one: two workers within 15 s on a quiet machine.
const MAX_RESTART_SECONDS = Number(process.env.BENCH_MAX_RESTART_SECONDS ?? 15);
ensureWrk();
const database = await startBenchDatabase();
atExit(() => void database.drop().catch(() => {}));
const service = await startService({ env: { DATABASE_URL: database.url, WEB_CONCURRENCY: "2", RATE_LIMIT: "off" } });
const workers = () =>
  // The worker processes only (a checkout run through tsx has its esbuild service as a child of the primary too, and it stays).
  execFileSync("pgrep", ["-P", String(service.child.pid), "-f", "server/index.ts|service/index.mjs"], { encoding: "utf8" })
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .sort();
try {
  const PATH = "/news/power-interruptions";
  await (await fetch(service.url + PATH)).text();
  const before = workers();
  let wrkChild;
  const load = new Promise((resolve, reject) => {
    // Until stopped (SIGINT: wrk then prints its report).
    const child = spawn("wrk", [
      "-t",
      "2",
      "-c",
      "100",
      "-d",
      "600s",
      "--timeout",
      "10s",
      "--latency",
      "-H",
      "Accept-Encoding: gzip",
      service.url + PATH,
    ]);
    wrkChild = child;
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", () => resolve(out));
  });
  atExit(() => wrkChild?.exitCode === null && wrkChild.kill("SIGKILL"));
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const sighupAt = performance.now();
  process.kill(service.child.pid, "SIGHUP");
  // The restart is finished when the same number of workers, all new, are running.
  let after = workers();
  while (after.length !== before.length || after.some((p) => before.includes(p))) {
    await new Promise((r) => setTimeout(r, 200));
    after = workers();
  }
  const restartSeconds = (performance.now() - sighupAt) / 1000;
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  wrkChild.kill("SIGINT");
  const out = await load;
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socketErrors = socket ? socket.slice(1).reduce((s, n) => s + Number(n), 0) : 0;
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out)?.[1];
  console.log(out.trim());
  console.log(`workers before ${before.join(",")}, after ${after.join(",")}; restart took ${restartSeconds.toFixed(1)} s`);
  verdict(
    requests > 0 &&
      socketErrors === 0 &&
      non2xx === 0 &&
      after.length === before.length &&
      !after.some((p) => before.includes(p)) &&
      restartSeconds <= MAX_RESTART_SECONDS,
    `SIGHUP under wrk load (100 connections): every worker replaced within ${MAX_RESTART_SECONDS} s, zero failed requests`,
    `${requests} requests, ${rps} req/s, socket errors ${socket ? socket[0] : "none"}, non-2xx ${non2xx}, restart ${restartSeconds.toFixed(1)} s`,
  );
} finally {
  await service.stop();
  await database.drop();
}
