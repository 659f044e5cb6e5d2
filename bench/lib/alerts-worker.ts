/**
 * The alerts worker alone, as its own process (bench/alerts-crash.mjs and
 * bench/alerts-throughput.mjs start it, kill it, start it again). Settings from the
 * environment like the service (DATABASE_URL or DATA_DIR, SMTP_URL, ...), plus
 * ALERTS_EXPIRE_SECONDS for how soon a job held by a killed worker is retried, and
 * ALERTS_DAYTIME=1 to make messages as in Manila's daytime (no SMS held by the quiet hours).
 */

import { openDatabase } from "../../db/client";
import { startAlerts } from "../../server/alerts/worker";
import { loadConfig } from "../../server/config";
import { createChannels } from "../../server/messaging/channels";
import { daytimeInManila } from "../../tests/support/daytime";

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
const channels = createChannels(config);
const alerts = await startAlerts(database, channels, {
  publicUrl: config.publicUrl,
  relayIntervalMs: 200,
  expireInSeconds: Number(process.env.ALERTS_EXPIRE_SECONDS ?? 120),
  monitorIntervalSeconds: Number(process.env.ALERTS_MONITOR_SECONDS ?? 30),
  retryDelaySeconds: 1,
  batchSize: Number(process.env.ALERTS_BATCH ?? 20),
  // ALERTS_DAYTIME=1: messages made as in Manila's daytime, so SMS are not held for the night whenever the benchmark runs.
  ...(process.env.ALERTS_DAYTIME === "1" ? { clock: () => daytimeInManila() } : {}),
  log: { info: () => {}, error: (o, m) => console.error(m, (o as { err?: Error }).err?.message ?? "") },
});
console.log("ready");
const stop = async () => {
  await alerts.stop();
  await channels.close();
  await database.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
