/**
 * `npm run restore FILE`: an archive of `npm run backup` into an empty place: an empty
 * DATA_DIR (embedded database), or the empty database of DATABASE_URL and an empty
 * DATA_DIR/storage. The archive is checked first; a damaged one, or one from a newer version,
 * is refused with one line and exit code 1, and nothing is written. It needs the backup key the
 * archive was made with (BACKUP_KEY_FILE): without it the archive is refused.
 */
import { BackupError, restoreBackup } from "../modules/ops/backup.server";
import { ConfigError, loadConfig } from "../server/config";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run restore -- FILE   (an archive written by npm run backup)");
  process.exit(2);
}
try {
  const config = loadConfig();
  const manifest = await restoreBackup(file, { dataDir: config.dataDir, databaseUrl: config.DATABASE_URL, keyFile: config.backupKeyFile });
  const into = config.DATABASE_URL ? new URL(config.DATABASE_URL).pathname.slice(1) : config.dataDir;
  console.log(
    `Restored ${file} (made ${manifest.createdAt} by version ${manifest.version}, migration level ${manifest.migrationLevel}) into ${into}. Start the site: it applies any newer migrations.`,
  );
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) console.error(`Restore refused: ${error.message}`);
  else console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
