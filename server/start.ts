/**
 * Everything start-up does before listening: open the database, migrate, seed an
 * empty one, connect the bus, load the React Router build, build the app.
 * Shared by the server entry and the tests.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { type DatabaseHandle, migrate, openDatabase } from "../db/client";
import { scheduleBackup } from "../modules/ops/backup-schedule.server";
import { projectRootFrom } from "../modules/shared/project-root.server";
import { isSeeded, seedDemo } from "../seed/index";
import { startAlertsRuntime } from "./alerts/runtime";
import { buildApp } from "./app";
import { type Bus, createBus } from "./bus";
import { backupJobOf, type Config, retentionOf } from "./config";
import { metrics } from "./metrics";
import { schedulePurge } from "./personal-data-purge";

export const projectRoot = projectRootFrom(import.meta.dirname);
/** BUILD_DIR lets several builds live side by side (tests, parallel work). */
export const buildDir = path.resolve(projectRoot, process.env.BUILD_DIR ?? "build");

export async function loadServerBuild(): Promise<ServerBuild> {
  // A build kept outside the project (BUILD_DIR=/tmp/...) must still find the project's packages.
  const modules = path.join(buildDir, "node_modules");
  if (!buildDir.startsWith(projectRoot + path.sep) && !fs.existsSync(modules))
    fs.symlinkSync(path.join(projectRoot, "node_modules"), modules, "dir");
  return (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
}

export async function prepareDatabase(config: Config, opts: { migrate?: boolean } = {}): Promise<DatabaseHandle> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, onQuery: () => metrics.dbQueries++ });
  // Worker processes skip this: the primary migrated and seeded once before forking them.
  if (opts.migrate === false) return database;
  await migrate(database);
  if (config.SEED_DEMO === "on" && !(await isSeeded(database.db))) await seedDemo(database.db, config.storageDir);
  return database;
}

export async function startApp(
  config: Config,
  opts: { database?: DatabaseHandle; bus?: Bus; withPages?: boolean; logger?: boolean | object; migrate?: boolean } = {},
) {
  const database = opts.database ?? (await prepareDatabase(config, { migrate: opts.migrate }));
  const bus = opts.bus ?? (await createBus(config.REDIS_URL));
  const build = opts.withPages === false ? undefined : await loadServerBuild();
  const alerts = await startAlertsRuntime(config, database);
  const app = await buildApp({ config, database, bus, build, clientDir: path.join(buildDir, "client"), logger: opts.logger, alerts });
  // The daily purge of expired personal data runs where the alerts worker (pg-boss) runs.
  if (alerts.worker) await schedulePurge(alerts.worker.boss, database.db, retentionOf(config), app.log);
  // The daily backup too (modules/ops/backup-schedule.server.ts).
  if (alerts.worker) await scheduleBackup(alerts.worker.boss, backupJobOf(config, database), app.log);
  app.addHook("onClose", async () => {
    await alerts.close();
    await bus.close();
    await database.close();
  });
  return app;
}
