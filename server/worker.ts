/**
 * The background worker as its own service (`npm run worker`, deploy/wespeco-worker.service):
 * alert deliveries, the report photos' re-encoding, the daily personal-data purge and the daily backup, for sites that run
 * with ALERTS_WORKER=off (PostgreSQL; PGlite keeps the worker inside the site's one process).
 * Same environment as the site. Stops cleanly on SIGTERM: jobs in hand finish, or are retried
 * after their expiry by the next start.
 */
import pino from "pino";
import { openDatabase } from "../db/client";
import { scheduleBackup } from "../modules/ops/backup-schedule.server";
import { startAlerts } from "./alerts/worker";
import { backupJobOf, type Config, ConfigError, loadConfig, retentionOf } from "./config";
import { createChannels } from "./messaging/channels";
import { schedulePurge } from "./personal-data-purge";
import { startMetricsServer } from "./prometheus";

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : String(error));
  process.exit(1);
}
if (!config.DATABASE_URL) {
  console.error("The worker service needs PostgreSQL (DATABASE_URL): with the embedded database the site runs the worker itself.");
  process.exit(1);
}
const log = pino({ level: config.LOG_LEVEL, base: { pid: process.pid, service: "worker" } });
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
const channels = createChannels(config);
const alerts = await startAlerts(database, channels, { publicUrl: config.publicUrl, log });
await schedulePurge(alerts.boss, database.db, retentionOf(config), log);
await scheduleBackup(alerts.boss, backupJobOf(config, database), log);
const metrics = await startMetricsServer(config, { database, log });
log.info({ channels: Object.keys(channels) }, "worker started");

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "worker stopping");
  const force = setTimeout(() => process.exit(1), 20_000);
  force.unref();
  await alerts.stop();
  await channels.close();
  await metrics?.close();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
