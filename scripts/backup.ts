/**
 * `npm run backup [-- DIR]`: one archive of the database and the uploaded files into DIR
 * (default BACKUP_DIR), with the same pruning and status as the daily backup. On the embedded
 * database the site must be stopped first (PGlite is one process); the daily backup runs
 * inside the site and needs no stop. The archive is encrypted with the backup key
 * (BACKUP_KEY_FILE), 0600 in a 0700 folder, like the daily one.
 */
import { openDatabase } from "../db/client";
import { runBackup } from "../modules/ops/backup-schedule.server";
import { backupJobOf, ConfigError, loadConfig } from "../server/config";

try {
  const config = loadConfig();
  const backupDir = process.argv[2] ?? config.backupDir;
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  let failed = false;
  const status = await runBackup({ ...backupJobOf(config, database), backupDir }, { info: () => {}, error: () => void (failed = true) });
  await database.close();
  if (failed || !status.lastSuccess) {
    console.error(`Backup failed: ${status.lastFailure?.error}`);
    process.exit(1);
  }
  console.log(`Backup written: ${backupDir}/${status.lastSuccess.file} (${status.lastSuccess.bytes} bytes)`);
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
}
