/**
 * Metrics for Prometheus (prom-client), on a port of their own (METRICS_PORT) bound to
 * loopback by default (METRICS_HOST): the public port never answers them. Requests are
 * counted and timed by route pattern (`/news/:slug`, `/api/v1/agam/pool/check-account-number/:account`),
 * never by the raw URL, so no account number or token reaches a label. The rest is read when
 * Prometheus scrapes: cache counters, the database pool, the pg-boss queues (depth and oldest
 * waiting job), alert deliveries by channel and state, the last successful backup, the space
 * left on DATA_DIR's disk, and Node's own (event-loop lag, memory, garbage collection).
 *
 * With several worker processes (node:cluster) the primary answers the scrape with every
 * worker's figures (prom-client's AggregatorRegistry): counts summed, read-at-scrape figures
 * taken from one worker. Each worker answers the primary (answerPrimaryScrapes).
 */
import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import client from "prom-client";
import { type DatabaseHandle, queryRows } from "../db/client";
import { readBackupStatus } from "../modules/ops/backup-schedule.server";
import type { Config } from "./config";
import { RequestFigures, registryMetric } from "./request-metrics";

const register = client.register;
const PREFIX = "wespeco_";

/** What the read-at-scrape figures come from: the latest app built in this process. */
interface Sources {
  database?: DatabaseHandle;
  cacheStats?: () => { hits: number; misses: number; staleServed: number; bytes: number; evictions: number };
  backupDir?: string;
  dataDir?: string;
}
const sources: Sources = {};

let defined: ReturnType<typeof define> | undefined;
function define() {
  client.collectDefaultMetrics({ register, prefix: PREFIX, eventLoopMonitoringPrecision: 20 });
  // Gauges named like counters (promtool's lint refuses them); the same figures are in the *_resources gauges' neighbours.
  for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"])
    register.removeSingleMetric(PREFIX + name);
  // Counted per request in plain numbers, read when Prometheus scrapes (server/request-metrics.ts).
  const requests = new RequestFigures([0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]);
  const counted = { name: `${PREFIX}http_requests_total`, help: "HTTP requests answered, by method, route pattern and status" };
  registryMetric(register, { ...counted, type: "counter" }, requests, () => requests.counted());
  const timed = { name: `${PREFIX}http_request_duration_seconds`, help: "Time to answer, by method and route pattern" };
  registryMetric(register, { ...timed, type: "histogram" }, requests, () => requests.timed(timed.name));
  const fromOne = { aggregator: "first" as const };
  new client.Gauge({
    name: `${PREFIX}page_cache_events`,
    help: "Server cache: hits, misses and stale copies served since start (per process, summed)",
    labelNames: ["event"] as const,
    collect() {
      const s = sources.cacheStats?.();
      if (!s) return;
      this.set({ event: "hit" }, s.hits);
      this.set({ event: "miss" }, s.misses);
      this.set({ event: "stale" }, s.staleServed);
      this.set({ event: "eviction" }, s.evictions);
    },
  });
  new client.Gauge({
    name: `${PREFIX}page_cache_bytes`,
    help: "Bytes kept in the server cache",
    collect() {
      const s = sources.cacheStats?.();
      if (s) this.set(s.bytes);
    },
  });
  new client.Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: "PostgreSQL pool connections by state (total, idle, waiting clients)",
    labelNames: ["state"] as const,
    collect() {
      const pool = sources.database?.pool;
      if (!pool) return;
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  new client.Gauge({
    name: `${PREFIX}queue_jobs_waiting`,
    help: "pg-boss jobs waiting (created or retry), by queue",
    labelNames: ["queue"] as const,
    ...fromOne,
    async collect() {
      this.reset();
      for (const q of await queueFigures()) this.set({ queue: q.name }, Number(q.waiting));
    },
  });
  new client.Gauge({
    name: `${PREFIX}queue_oldest_job_age_seconds`,
    help: "Age of the oldest waiting pg-boss job that is due, by queue (0 when none)",
    labelNames: ["queue"] as const,
    ...fromOne,
    async collect() {
      this.reset();
      for (const q of await queueFigures()) this.set({ queue: q.name }, Number(q.oldest ?? 0));
    },
  });
  new client.Gauge({
    name: `${PREFIX}alert_deliveries`,
    help: "Alert deliveries by channel and state (sent, failed, queued, ...)",
    labelNames: ["channel", "state"] as const,
    ...fromOne,
    async collect() {
      this.reset();
      const db = sources.database?.db;
      if (!db) return;
      const rows = await queryRows<{ channel: string; state: string; n: number | string }>(
        db,
        sql`select channel, state, count(*) as n from alert_deliveries group by 1, 2`,
      ).catch(() => []);
      for (const r of rows) this.set({ channel: r.channel, state: r.state }, Number(r.n));
    },
  });
  new client.Gauge({
    name: `${PREFIX}backup_last_success_timestamp_seconds`,
    help: "When the last backup succeeded (Unix time; 0 when never)",
    ...fromOne,
    collect() {
      if (!sources.backupDir) return;
      const at = readBackupStatus(sources.backupDir).lastSuccess?.at;
      this.set(at ? Date.parse(at) / 1000 : 0);
    },
  });
  new client.Gauge({
    name: `${PREFIX}data_dir_filesystem_bytes`,
    help: "DATA_DIR's filesystem: size and available bytes",
    labelNames: ["kind"] as const,
    ...fromOne,
    collect() {
      if (!sources.dataDir || !fs.existsSync(sources.dataDir)) return;
      const s = fs.statfsSync(sources.dataDir);
      this.set({ kind: "size" }, s.blocks * s.bsize);
      this.set({ kind: "available" }, s.bavail * s.bsize);
    },
  });
  return { requests };
}

/** Waiting jobs per pg-boss queue, with the age of the oldest that is due; none before pg-boss made its schema. */
async function queueFigures(): Promise<{ name: string; waiting: number | string; oldest: number | string | null }[]> {
  const db = sources.database?.db;
  if (!db) return [];
  return queryRows<{ name: string; waiting: number | string; oldest: number | string | null }>(
    db,
    sql`select q.name, count(j.id) as waiting,
          coalesce(extract(epoch from now() - min(j.start_after) filter (where j.start_after <= now())), 0) as oldest
        from pgboss.queue q left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry')
        group by q.name`,
  ).catch(() => []);
}

function metrics() {
  defined ??= define();
  return defined;
}

/**
 * In a cluster worker: answer the primary's requests for this process's figures. prom-client
 * sets up that answer only where an AggregatorRegistry is made, and only the primary makes one
 * to read: without this call every scrape of a cluster waited 5 s for workers that never
 * answered, then failed. Call it first thing in a worker: the primary asks every worker, and one
 * still starting would fail the scrape too (it answers with what it has so far).
 */
let answering = false;
export function answerPrimaryScrapes() {
  if (answering || !cluster.isWorker) return;
  answering = true;
  new client.AggregatorRegistry();
}

/**
 * Counts and times every answer of this app by method, route pattern and status.
 * `pagePattern` names a page's route (React Router's table) for the catch-all route.
 */
export function registerRequestMetrics(
  app: FastifyInstance,
  opts: { database: DatabaseHandle; backupDir: string; dataDir: string; pagePattern?: (pathname: string) => string },
) {
  const { requests } = metrics();
  Object.assign(sources, { database: opts.database, backupDir: opts.backupDir, dataDir: opts.dataDir });
  sources.cacheStats = () => app.caches.store.stats;
  const record = (method: string, routeUrl: string | undefined, url: string, status: number, elapsedMs: number) => {
    let route = routeUrl ?? "(no route)";
    if (route === "/*") {
      const q = url.indexOf("?");
      route = opts.pagePattern?.(q < 0 ? url : url.slice(0, q)) ?? "(page)";
    }
    requests.record(method, route, status, elapsedMs / 1000);
  };
  app.addHook("onResponse", (request, reply, done) => {
    record(request.method, request.routeOptions.url, request.url, reply.statusCode, reply.elapsedTime);
    done();
  });
  // Kept answers written before Fastify (server/page-cache.ts) are counted the same way.
  return (a: { method: string; route: string; url: string; status: number; elapsedMs: number }) =>
    record(a.method, a.route, a.url, a.status, a.elapsedMs);
}

/** For processes without an app (the worker service): the read-at-scrape figures only. */
export function registerWorkerSources(opts: { database: DatabaseHandle; backupDir: string; dataDir: string }) {
  metrics();
  Object.assign(sources, opts);
}

/**
 * The metrics server on METRICS_PORT (nothing when unset). In a cluster's primary it answers
 * with every worker's figures; elsewhere with this process's own.
 */
export async function startMetricsServer(
  config: Config,
  opts: { database?: DatabaseHandle; log: { info(o: object, m: string): void; error(o: object, m: string): void } },
): Promise<{ close(): Promise<void>; port: number } | null> {
  if (config.METRICS_PORT === undefined) return null;
  const aggregate = cluster.isPrimary && Object.keys(cluster.workers ?? {}).length > 0;
  const aggregator = aggregate ? new client.AggregatorRegistry() : null;
  if (!aggregate) {
    metrics();
    if (opts.database) registerWorkerSources({ database: opts.database, backupDir: config.backupDir, dataDir: config.dataDir });
  }
  const server = http.createServer(async (req, res) => {
    if (req.url !== "/metrics") {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = aggregator ? await (await aggregator.clusterMetrics()).toString() : await register.metrics();
      res.writeHead(200, { "content-type": register.contentType }).end(body);
    } catch (error) {
      // The "process does not answer the scrape" alert fires on this: say why, at error level.
      opts.log.error({ err: error }, "metrics scrape failed");
      res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end(`metrics scrape failed: ${String(error)}\n`);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.METRICS_PORT, config.METRICS_HOST, resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  opts.log.info({ port, host: config.METRICS_HOST }, "metrics for Prometheus on /metrics");
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
