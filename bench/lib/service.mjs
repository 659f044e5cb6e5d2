// Starts the real service on a free loopback port: its bundle (build/service/index.mjs, as
// `npm start` and the systemd unit run it), or server/index.ts through tsx in a checkout of an
// earlier commit that has none.
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { atExit } from "./verdict.mjs";

export const root = path.resolve(import.meta.dirname, "..", "..");

/**
 * A loopback port for a server a benchmark starts: in BENCH_PORTS (`4300-4399`) when set, so
 * that people sharing a machine keep apart. From a random start, one after the other, so that
 * two servers of the same run (the service and a browser, say) never get the same one.
 */
const [lowPort, highPort] = (process.env.BENCH_PORTS ?? "20000-49999").split("-").map(Number);
let nextPort = lowPort + Math.floor(Math.random() * (highPort - lowPort + 1));
export function freePort() {
  // A port something already listens on is skipped: bench:ci's range holds 4369, where Erlang's
  // port mapper listens on machines that run RabbitMQ (a run failed on EADDRINUSE there).
  const busy = listeningPorts();
  for (let tried = 0; tried <= highPort - lowPort; tried++) {
    const port = nextPort;
    nextPort = nextPort >= highPort ? lowPort : nextPort + 1;
    if (!busy.has(port)) return port;
  }
  throw new Error(`no free port in ${lowPort}-${highPort}`);
}

/** The TCP ports listened on now, from the kernel's tables (synchronous, like freePort's callers). */
function listeningPorts() {
  const ports = new Set();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = fs.readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      // State 0A is LISTEN; the local address ends in the port, in hexadecimal.
      if (state === "0A" && local) ports.add(Number.parseInt(local.slice(local.lastIndexOf(":") + 1), 16));
    }
  }
  return ports;
}

/** The project's own Node (the `node` package) when installed, so that a benchmark measures what `npm start` runs. */
export const nodeBin = fs.existsSync(path.join(root, "node_modules", "node", "bin", "node"))
  ? path.join(root, "node_modules", "node", "bin", "node")
  : process.execPath;

export async function waitFor(url, tries = 1200) {
  for (let i = 0; i < tries; i++) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** env: extra variables (DATABASE_URL, CACHE_TTL_MS, ...); dataDir: reuse a folder across restarts. */
let built = false;
/** Benchmarks measure the current sources: build the pages and the service first when they changed. */
export function ensureBuild() {
  if (built || process.env.BUILD_DIR) return;
  execSync("node scripts/build-if-needed.mjs", { cwd: root, stdio: "inherit" });
  built = true;
}

/** The arguments that start the service of the checkout `dir`: its bundle, or its sources through tsx. */
export function serviceEntry(dir) {
  const bundle = path.join(path.resolve(dir, process.env.BUILD_DIR ?? "build"), "service", "index.mjs");
  return fs.existsSync(bundle) ? [bundle] : ["--import", "tsx", "server/index.ts"];
}

/**
 * BENCH_TEMPLATE_DIR (bench/ci.sh sets it, and removes it at the end): a new PGlite data folder
 * starts as a copy of one migrated and seeded once (bench/lib/make-template.ts) rather than
 * migrating and seeding again: half of a service's start on a busy machine.
 */
export function copyTemplate(dir) {
  const templates = process.env.BENCH_TEMPLATE_DIR;
  if (!templates) return;
  const template = path.join(templates, "data");
  if (!fs.existsSync(template)) {
    const making = `${template}.${process.pid}`;
    execSync(`${JSON.stringify(nodeBin)} --import tsx bench/lib/make-template.ts`, {
      cwd: root,
      stdio: "inherit",
      env: {
        ...process.env,
        DATA_DIR: making,
        NODE_ENV: "production",
        SEED_DEMO: "on",
        LOG_LEVEL: "silent",
        PUBLIC_URL: "http://127.0.0.1",
      },
    });
    fs.renameSync(making, template);
  }
  fs.cpSync(template, dir, { recursive: true });
}

/** from: another checkout to run instead of this one (built already), e.g. an earlier commit measured as a baseline. */
/** logLevel: run at this LOG_LEVEL with the log in service.log of the data folder (as BENCH_LOG_LEVEL does). */
export async function startService({ env = {}, dataDir, port = freePort(), from, logLevel = process.env.BENCH_LOG_LEVEL } = {}) {
  if (!from) ensureBuild();
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "coop-bench-"));
  // A folder made here goes when the benchmark ends; a folder passed in is the caller's.
  if (!dataDir) atExit(() => fs.rmSync(dir, { recursive: true, force: true }));
  if (!dataDir && !from && !env.DATABASE_URL) copyTemplate(dir);
  // BENCH_CPU_PROFILE=dir: the service writes a .cpuprofile there when it stops (read it with
  // bench/profile-top.mjs); it is then stopped with SIGTERM, not SIGKILL, so that it can.
  const profileDir = process.env.BENCH_CPU_PROFILE;
  const profileArgs = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const child = spawn(nodeBin, [...profileArgs, ...serviceEntry(from ?? root)], {
    cwd: from ?? root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dir,
      LOG_LEVEL: "error",
      METRICS: "on",
      // BENCH_RATE_LIMIT=on: the production default (limits per client address).
      RATE_LIMIT: process.env.BENCH_RATE_LIMIT ?? "off",
      NODE_ENV: "production",
      // Production seeds nothing unless asked: these runs serve the demo content.
      SEED_DEMO: "on",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...(logLevel ? { LOG_LEVEL: logLevel } : {}),
      ...env,
    },
    // With BENCH_LOG_LEVEL=info (the production default) the request log goes to a file, as it
    // would to a log collector, and costs what it costs there; errors still show here.
    stdio: ["ignore", logLevel ? fs.openSync(path.join(dir, "service.log"), "w") : "inherit", "inherit"],
  });
  // Never a server left running: the whole tree, at the benchmark's end.
  atExit(() => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (profileDir)
      try {
        execSync(`kill -TERM ${child.pid}; for i in $(seq 1 150); do kill -0 ${child.pid} 2>/dev/null || exit 0; sleep 0.1; done`, {
          stdio: "ignore",
        });
      } catch {}
    try {
      execSync(`pkill -KILL -P ${child.pid}`, { stdio: "ignore" });
    } catch {}
    child.kill("SIGKILL");
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`);
  return {
    url,
    dataDir: dir,
    logFile: path.join(dir, "service.log"),
    child,
    metrics: async () => (await fetch(`${url}/__metrics`)).json(),
    /** The server's resident memory: the largest of its process and its workers. */
    async rssKiB() {
      const { execSync } = await import("node:child_process");
      const pids = execSync(`pgrep -P ${child.pid} || true`).toString().trim().split(/\s+/).filter(Boolean);
      const all = [child.pid, ...pids];
      return Math.max(...all.map((p) => Number(execSync(`ps -o rss= -p ${p} || echo 0`).toString().trim() || 0)));
    },
    async stop(signal = "SIGTERM") {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill(signal);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 12000))]);
    },
    /** SIGKILL the whole process tree at once (tsx and the node it runs). */
    kill() {
      const { execSync } = require_();
      try {
        execSync(`pkill -KILL -P ${child.pid}`);
      } catch {}
      child.kill("SIGKILL");
      return new Promise((r) => (child.exitCode !== null ? r() : child.once("exit", r)));
    },
  };
}

import { createRequire } from "node:module";

const require_ = () => createRequire(import.meta.url)("node:child_process");
