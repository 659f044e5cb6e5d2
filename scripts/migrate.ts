/**
 * `npm run db:migrate`: applies the committed migrations now (the site also applies them at
 * start). The upgrade procedure runs it before reloading the workers, so the running version
 * meets the new schema: migrations only add, and a later release removes what is no longer read.
 */
import { migrate, openDatabase } from "../db/client";
import { codeMigrationLevel } from "../modules/ops/backup.server";
import { ConfigError, loadConfig } from "../server/config";

try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  await migrate(database);
  await database.close();
  console.log(`Database at migration level ${codeMigrationLevel()}.`);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
}
