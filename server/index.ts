/**
 * The service: read the environment, open the database, listen, drain on SIGTERM.
 * With PostgreSQL (DATABASE_URL), WEB_CONCURRENCY worker processes (default: the
 * cores) share the port through node:cluster; the primary migrates and seeds once,
 * forks them, replaces one that dies, relays bus messages between them when there is
 * no Redis, and passes SIGTERM on. The embedded PGlite has one connection in one
 * process: it stays one process and says so.
 */
import cluster from "node:cluster";
import crypto from "node:crypto";
import os from "node:os";
import v8 from "node:v8";
import { loggableError } from "../modules/shared/errors";
import { DEMO_ADMIN_EMAIL, demoAdminLink } from "../modules/staff/demo.server";
import { type Config, ConfigError, loadConfig } from "./config";
import { startDemoGateway } from "./payments/demo-gateway";
import { answerPrimaryScrapes, startMetricsServer } from "./prometheus";
import { prepareDatabase, startApp } from "./start";

// Young-generation collections find almost nothing alive here (a served page leaves only
// garbage): one thread does one in about a millisecond. In parallel, the event loop waits for
// helper threads, and on a busy machine one waiting for a CPU held it for up to 97 ms
// (docs/decisions/0013-speed-stored-bytes-and-no-react.md, "Tail latency").
v8.setFlagsFromString("--no-parallel-scavenge");

// Away from production with no gateway set: test payments through the stand-in (primary only; workers inherit its settings).
if (cluster.isPrimary && (await startDemoGateway()))
  console.log("Payments: test payments through the stand-in gateway on loopback (no money moves).");

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const workers = config.DATABASE_URL ? (config.WEB_CONCURRENCY ?? os.availableParallelism()) : 1;
/** pino's level numbers: a line is written when its level is at least LOG_LEVEL's. */
const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Number.POSITIVE_INFINITY } as const;
/** The primary's log lines, shaped like pino's: info (30) unless said; an `err` as its type, message and stack. */
const log = (msg: string, extra: object = {}, level: 30 | 50 = 30) => {
  if (level < LEVELS[config.LOG_LEVEL]) return;
  const fields = "err" in extra ? { ...extra, err: loggableError(extra.err) } : extra;
  console.log(JSON.stringify({ level, time: Date.now(), pid: process.pid, msg, ...fields }));
};

if (cluster.isPrimary && workers > 1) await runPrimary(workers);
else await runWorker();

async function runPrimary(count: number) {
  // Migrations and the demo seed run once, here, before any worker reads the database.
  const database = await prepareDatabase(config);
  await printDemoAdminLink(database.db);
  await database.close();
  log(`starting ${count} worker processes on port ${config.PORT}`, { workers: count, redis: Boolean(config.REDIS_URL) });
  if (!config.REDIS_URL) log("no REDIS_URL: cache invalidation and live counts go through this process; rate limits count per worker");
  // The captcha and the report's question are signed with a key each process makes for itself
  // when ALTCHA_HMAC_KEY is unset: a question one worker asked, another worker then refused as
  // "not right" (382 of 1,302 reports in the typhoon-day benchmark). One key for all workers of
  // this instance, passed down in their environment; several instances still need the variable.
  process.env.ALTCHA_HMAC_KEY ||= crypto.randomBytes(32).toString("hex");
  let stopping = false;
  /** Workers being replaced by a rolling restart: their exit is expected. */
  const retiring = new Set<number>();
  const fork = () => {
    const worker = cluster.fork({ CLUSTER_WORKER: "1", BUS_VIA_PRIMARY: config.REDIS_URL ? "0" : "1" });
    // The bus without Redis: every message to every worker.
    worker.on("message", (m: { bus?: unknown }) => {
      if (!m?.bus) return;
      for (const w of Object.values(cluster.workers ?? {})) w?.send(m);
    });
    return worker;
  };
  for (let i = 0; i < count; i++) fork();
  // A worker that dies at start (a bad setting, a failing dependency) is not restarted forever.
  let quickDeaths = 0;
  const startedAt = new Map<number, number>();
  cluster.on("online", (worker) => startedAt.set(worker.id, Date.now()));
  cluster.on("exit", (worker, code, signal) => {
    if (stopping || retiring.delete(worker.id)) return;
    const lived = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    quickDeaths = lived < 10_000 ? quickDeaths + 1 : 0;
    if (quickDeaths > 3 * count) {
      log("workers keep failing at start; stopping", { code, signal });
      process.exit(1);
    }
    log("worker exited; starting another", { worker: worker.process.pid, code, signal });
    setTimeout(fork, 500);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log("shutting down: workers finish requests in flight", { signal });
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    const check = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        clearInterval(check);
        process.exit(0);
      }
    }, 100);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  // Rolling restart (an upgrade: new code, same port): on SIGHUP a new worker is started for
  // each running one, all at once, and only when every new one is listening do the old ones
  // stop taking connections and finish what they have. The port is never without a worker, and
  // the restart takes one worker's start plus one worker's stop, not the sum over the workers.
  let reloading = false;
  process.on("SIGHUP", async () => {
    if (reloading || stopping) return;
    reloading = true;
    const old = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    log("rolling restart: starting new workers, then retiring the old ones", { workers: old.length });
    const started = old.map(() => fork());
    try {
      await Promise.all(
        started.map(
          (next) =>
            new Promise<void>((resolve, reject) => {
              next.once("listening", () => resolve());
              next.once("exit", (code) => reject(new Error(`a new worker exited (code ${code}) before listening`)));
            }),
        ),
      );
      await Promise.all(
        old.map(async (previous) => {
          retiring.add(previous.id);
          const gone = new Promise((resolve) => previous.once("exit", resolve));
          // "retire", not SIGTERM: the worker then finishes what reaches it instead of answering
          // 503 "restarting" (the answer for a whole instance stopping behind nginx). SIGKILL if it hangs.
          previous.send({ retire: true });
          const hung = setTimeout(() => previous.process.kill("SIGKILL"), 15_000);
          await gone;
          clearTimeout(hung);
        }),
      );
      log("rolling restart done", { workers: Object.keys(cluster.workers ?? {}).length });
    } catch (error) {
      log("rolling restart stopped: the old workers keep serving", { error: String(error) });
      // The new workers that did start go again: the old ones are the release that works.
      for (const next of started)
        if (!next.isDead()) {
          retiring.add(next.id);
          next.send({ retire: true });
        }
    } finally {
      reloading = false;
    }
  });
  const metricsServer = await startMetricsServer(config, { log: { info: (o, m) => log(m, o), error: (o, m) => log(m, o, 50) } });
  if (metricsServer) process.on("exit", () => void metricsServer.close());
}

async function runWorker() {
  // The primary gathers this worker's figures for each scrape of METRICS_PORT.
  if (cluster.isWorker && config.METRICS_PORT !== undefined) answerPrimaryScrapes();
  if (!config.DATABASE_URL) log("embedded database (PGlite): one process; set DATABASE_URL to use every core (WEB_CONCURRENCY)");
  const app = await startApp(config, { migrate: !cluster.isWorker });
  // Set once the metrics port is up (below); the stop closes it when there is one.
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | null = null;

  let stopping = false;
  async function shutdown(signal: string, retire = false) {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing requests in flight");
    // Exit within 10 s whatever happens.
    const force = setTimeout(() => process.exit(1), 9_000);
    force.unref();
    // From now on every answer closes its connection once sent (server/app.ts "draining"), the
    // requests already in flight included: close() then ends when the last one is answered.
    // Connections idle at this moment are closed by close() itself. One of several workers waits
    // a moment first, so its clients leave for the other workers between requests instead of
    // losing a keep-alive connection closed while they send on it (a failed request in a
    // rolling restart).
    app.draining = true;
    if (cluster.isWorker) {
      app.stopping.retiring = retire;
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    // A connection still idle later (an answer whose headers left before the stop, streamed
    // after it) would hold close() until the keep-alive timeout: swept, but only after what was
    // in flight has had time to finish. (Sweeping every 100 ms from the start is the suspected
    // cause of one accepted request lost, "fetch failed", in tests/server/shutdown.test.ts on CI.)
    const idle = setInterval(() => app.server.closeIdleConnections(), 2_000);
    idle.unref();
    try {
      await metricsServer?.close();
      await app.close();
      clearInterval(idle);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  }
  // The stop's handlers before the port opens: a SIGTERM that comes while the start's last steps
  // (the demo link, the metrics port) still run must drain the requests already taken, not drop
  // them (seen: exit 143 and "other side closed" in tests/server/shutdown.test.ts).
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  // A rolling restart replaces this worker (runPrimary's SIGHUP).
  if (cluster.isWorker)
    process.on("message", (m: { retire?: boolean }) => {
      if (m?.retire) void shutdown("rolling restart", true);
    });

  await app.listen({ port: config.PORT, host: config.HOST });
  if (!cluster.isWorker) await printDemoAdminLink(app.deps.database.db);
  // One process: it answers the metrics port itself (in a cluster, the primary does).
  metricsServer = cluster.isWorker ? null : await startMetricsServer(config, { database: app.deps.database, log: app.log });
}

/** No default account: on a fresh data folder, a one-time link for a demo administrator. */
async function printDemoAdminLink(db: Parameters<typeof demoAdminLink>[0]) {
  if (config.SEED_DEMO !== "on") return;
  const link = await demoAdminLink(db, config.publicUrl);
  if (link) {
    console.log(
      `\nStaff console: no staff account yet. Set up the demo administrator (${DEMO_ADMIN_EMAIL}) with this one-time link (24 hours):\n\n  ${link}\n`,
    );
  }
}
