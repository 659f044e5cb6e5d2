/**
 * `npm run backup:open -- FILE DIR`: decrypts and checks an archive (the backup key of
 * BACKUP_KEY_FILE, every part's checksum) and unpacks it into DIR (made 0700, must not exist),
 * for taking one part out: the uploaded files beside a point-in-time recovery, say. Refused in one
 * line, like a restore, when the archive or the key is wrong.
 */
import fs from "node:fs";
import { BackupError, openArchive } from "../modules/ops/backup.server";
import { ConfigError, loadConfig } from "../server/config";

const [file, into] = process.argv.slice(2);
if (!file || !into) {
  console.error("Usage: npm run backup:open -- FILE DIR   (DIR must not exist)");
  process.exit(2);
}
try {
  if (fs.existsSync(into)) throw new BackupError(`${into} exists: name a new folder`);
  const { dir, manifest } = await openArchive(file, loadConfig().backupKeyFile);
  fs.cpSync(dir, into, { recursive: true });
  fs.chmodSync(into, 0o700);
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(
    `Opened ${file} (made ${manifest.createdAt}) into ${into}: ${manifest.parts
      .map((p) => p.path.split("/")[0])
      .filter((p, i, a) => a.indexOf(p) === i)
      .join(", ")}`,
  );
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) console.error(`Open refused: ${error.message}`);
  else console.error(`Open failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
