// wrk (Debian's package): installs it with apt-get when missing, runs it, reads its report.
import { execFileSync, execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { atExit } from "./verdict.mjs";

export function ensureWrk() {
  if (fs.existsSync("/usr/bin/wrk")) return;
  const sudo = process.getuid && process.getuid() !== 0 ? "sudo " : "";
  console.log("Installing wrk with apt-get…");
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk`, { stdio: "inherit" });
}

const UNIQUE_QUERY = `counter = 0
request = function()
  counter = counter + 1
  return wrk.format(nil, wrk.path .. "?u=" .. counter .. "-" .. math.random(1e9))
end
`;

/** One wrk run: requests per second, p99 latency in ms, errors (socket errors and non-2xx/3xx), the 1-minute load average after it. */
export function wrk(url, { connections = 100, seconds = 20, threads = 2, headers = {}, uniqueQuery = false } = {}) {
  const args = ["-t", String(threads), "-c", String(connections), "-d", `${seconds}s`, "--latency"];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
  if (uniqueQuery) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wrk-"));
    atExit(() => fs.rmSync(dir, { recursive: true, force: true }));
    const script = path.join(dir, "unique.lua");
    fs.writeFileSync(script, UNIQUE_QUERY);
    args.push("-s", script);
  }
  args.push(url);
  const out = execFileSync("wrk", args, { encoding: "utf8" });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)\b/.exec(out);
  const p99ms = p99 ? Number(p99[1]) * (p99[2] === "us" ? 0.001 : p99[2] === "s" ? 1000 : 1) : NaN;
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const errors = non2xx + (socket ? socket.slice(1).reduce((s, n) => s + Number(n), 0) : 0);
  const bytesPerSec = /Transfer\/sec:\s+([\d.]+)(\w+)/.exec(out)?.slice(1).join("") ?? "";
  return {
    rps: Math.round(rps),
    requests,
    p99ms: Math.round(p99ms * 100) / 100,
    errors,
    transfer: bytesPerSec,
    load: os.loadavg()[0].toFixed(2),
  };
}
