/**
 * The daily backup, as a pg-boss schedule on the queue the alerts worker runs (like the
 * personal-data purge): kept in the database, so it runs once a day however many processes
 * there are. Each run writes an archive into BACKUP_DIR, prunes old ones (7 daily, 4 weekly)
 * and records the outcome in BACKUP_DIR/last-backup.json, which the console's overview and
 * the metrics read; a failure is logged at error level.
 */
import fs from "node:fs";
import path from "node:path";
import type { PgBoss } from "pg-boss";
import { TIME_ZONE } from "../shared/constants";
import { type BackupSource, createBackup, privateBackupDir } from "./backup.server";
import { archivesToKeep } from "./backup-retention";

export const BACKUP_QUEUE = "site-backup";
/** 02:00 in Manila, when hardly anyone uses the site (the purge follows at 02:30). */
export const BACKUP_CRON = "0 2 * * *";
const STATUS_FILE = "last-backup.json";

export interface BackupStatus {
  lastSuccess: { at: string; file: string; bytes: number } | null;
  lastFailure: { at: string; error: string } | null;
}

type Log = { info(o: object, m: string): void; error(o: object, m: string): void };

export function readBackupStatus(backupDir: string): BackupStatus {
  try {
    return JSON.parse(fs.readFileSync(path.join(backupDir, STATUS_FILE), "utf8"));
  } catch {
    return { lastSuccess: null, lastFailure: null };
  }
}

function writeStatus(backupDir: string, status: BackupStatus) {
  privateBackupDir(backupDir);
  const file = path.join(backupDir, STATUS_FILE);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(status), { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
}

/** One backup with its pruning and status; never throws (the outcome is in the status and the log). */
export type BackupJob = BackupSource & { backupDir: string };

export async function runBackup(opts: BackupJob & { now?: Date }, log: Log): Promise<BackupStatus> {
  const before = readBackupStatus(opts.backupDir);
  const now = opts.now ?? new Date();
  try {
    const { backupDir, now: _, ...source } = opts;
    const file = await createBackup({ ...source, dir: backupDir, now });
    const { remove } = archivesToKeep(fs.readdirSync(opts.backupDir));
    for (const name of remove) fs.rmSync(path.join(opts.backupDir, name), { force: true });
    const status: BackupStatus = {
      lastSuccess: { at: now.toISOString(), file: path.basename(file), bytes: fs.statSync(file).size },
      lastFailure: before.lastFailure,
    };
    writeStatus(opts.backupDir, status);
    log.info({ backup: status.lastSuccess, removed: remove.length }, "backup written");
    return status;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const status: BackupStatus = { lastSuccess: before.lastSuccess, lastFailure: { at: now.toISOString(), error: message } };
    try {
      writeStatus(opts.backupDir, status);
    } catch {
      // The folder itself is the problem (full disk, no permission): the log line says so.
    }
    log.error({ err: error, backupDir: opts.backupDir }, "backup failed");
    return status;
  }
}

/** A failure newer than the last success: what the console shows as a problem. */
export function backupFailing(status: BackupStatus): boolean {
  return status.lastFailure !== null && (!status.lastSuccess || status.lastFailure.at > status.lastSuccess.at);
}

export async function scheduleBackup(boss: PgBoss, opts: BackupJob, log: Log): Promise<void> {
  if (!(await boss.getQueue(BACKUP_QUEUE))) await boss.createQueue(BACKUP_QUEUE, { retryLimit: 0, expireInSeconds: 3600 });
  await boss.work(BACKUP_QUEUE, async () => void (await runBackup(opts, log)));
  await boss.schedule(BACKUP_QUEUE, BACKUP_CRON, null, { tz: TIME_ZONE });
}
