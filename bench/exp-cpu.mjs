// The service's CPU time per cached request (µs), by variant, several rounds (issue 28 item 7,
// docs/decisions/0025-production-defaults-cost.md). On a shared machine req/s alone says little:
// TOGETHER=1 loads every variant at once, so that each sees the same contention.
// V=variants (silent, prod, info, silent_prod, info_limits; "@base" runs FROM, a checkout of the
// commit before, built), R=rounds, S=seconds, P=path. Not part of bench:ci.
import { execFile, execSync } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import { copyTemplate, freePort, startService } from "./lib/service.mjs";
import { wrk } from "./lib/wrk.mjs";

const PATH = process.env.P ?? "/news/power-interruptions";
const H = { "Accept-Encoding": "gzip" };
const CLK = Number(execSync("getconf CLK_TCK").toString().trim());
const cpuMs = (pid) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(f[11]) + Number(f[12])) * 1000) / CLK;
};
const variants = {
  silent: { env: { RATE_LIMIT: "off" }, logLevel: "silent" },
  prod: { env: { RATE_LIMIT: "on", METRICS_PORT: "M" }, logLevel: "info" },
  info: { env: { RATE_LIMIT: "off" }, logLevel: "info" },
  silent_prod: { env: { RATE_LIMIT: "on", METRICS_PORT: "M" }, logLevel: "silent" },
  info_limits: { env: { RATE_LIMIT: "on" }, logLevel: "info" },
};
const which = (process.env.V ?? "silent,prod@base,prod").split(",");
const rounds = Number(process.env.R ?? 3);
const results = {};
const keep = (name, us) => {
  results[name] ??= [];
  results[name].push(us);
};
// Every variant runs at once (idle while another is measured), measured in turn, round after round.
const services = {};
for (const name of which) {
  const [vname, at] = name.split("@");
  const v = variants[vname];
  const env = Object.fromEntries(Object.entries(v.env).map(([k, x]) => [k, x === "M" ? String(freePort()) : x]));
  let dataDir;
  if (process.env.BENCH_TEMPLATE_DIR && at === "base") {
    dataDir = fs.mkdtempSync("/tmp/h28c-data-");
    copyTemplate(dataDir);
  }
  const s = await startService({
    env,
    logLevel: v.logLevel,
    dataDir,
    ...(at === "base" ? { from: process.env.FROM ?? "/work/wt/h28c-base" } : {}),
  });
  await (await fetch(s.url + PATH, { headers: H })).arrayBuffer();
  wrk(s.url + PATH, { seconds: 2, headers: H });
  services[name] = s;
}
// TOGETHER=1: every variant loaded at the same time, so that each sees the same contention.
const execFileAsync = promisify(execFile);
async function wrkAsync(url, seconds) {
  const args = ["-t", "1", "-c", "50", "-d", `${seconds}s`, "-H", "Accept-Encoding: gzip", url];
  const { stdout } = await execFileAsync("wrk", args);
  return {
    requests: Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0),
    rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? 0)),
  };
}
for (let round = 0; round < rounds; round++) {
  if (process.env.TOGETHER) {
    const c0 = Object.fromEntries(which.map((n) => [n, cpuMs(services[n].child.pid)]));
    const rs = await Promise.all(which.map((n) => wrkAsync(services[n].url + PATH, Number(process.env.S ?? 6))));
    which.forEach((name, i) => {
      const us = ((cpuMs(services[name].child.pid) - c0[name]) * 1000) / rs[i].requests;
      // The first round warms every service up (JIT): not counted.
      if (round > 0) keep(name, us);
      console.log(`r${round} ${name.padEnd(18)} ${String(rs[i].rps).padStart(6)} req/s  ${us.toFixed(1)} µs CPU/req (together)`);
    });
    continue;
  }
  for (const name of round % 2 ? [...which].reverse() : which) {
    const s = services[name];
    const pid = s.child.pid;
    const c0 = cpuMs(pid);
    const r = wrk(s.url + PATH, { seconds: Number(process.env.S ?? 6), connections: 100, headers: H });
    const us = ((cpuMs(pid) - c0) * 1000) / r.requests;
    keep(name, us);
    console.log(
      `r${round} ${name.padEnd(18)} ${String(r.rps).padStart(6)} req/s  ${us.toFixed(1)} µs CPU/req  errors ${r.errors} load ${r.load}`,
    );
  }
}
for (const s of Object.values(services)) await s.stop();
const med = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
for (const [n, a] of Object.entries(results))
  console.log(
    `${n.padEnd(18)} median ${med(a).toFixed(1)} µs/req  min ${Math.min(...a).toFixed(1)}  all ${a.map((x) => x.toFixed(1)).join(" ")}`,
  );
process.exit(0);
