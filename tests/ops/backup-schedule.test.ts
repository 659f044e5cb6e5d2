/**
 * The daily backup's run: an archive, old ones pruned (7 daily, 4 weekly), the outcome in
 * last-backup.json; a failure logged at error level and shown on the administrator's overview
 * until a backup succeeds again.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveName } from "../../modules/ops/backup.server";
import { readBackupStatus, runBackup } from "../../modules/ops/backup-schedule.server";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs } from "../support/staff";

let t: TestApp;
let backupDir: string;
beforeAll(async () => {
  backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "backups-"));
  t = await createTestApp({ withPages: true, env: { BACKUP_DIR: backupDir } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

const logged: { level: string; msg: string }[] = [];
const log = {
  info: (_o: object, msg: string) => logged.push({ level: "info", msg }),
  error: (_o: object, msg: string) => logged.push({ level: "error", msg }),
};
const overview = async () => {
  const admin = await signInAs(t, "admin");
  return (await t.app.inject({ url: "/staff", headers: { cookie: admin.cookie } })).body;
};

describe("daily backup", () => {
  it("writes an archive, prunes the old ones and records the time", async () => {
    // 20 days of older archives (empty files are enough for the pruning).
    for (let d = 1; d <= 20; d++) fs.writeFileSync(path.join(backupDir, archiveName(new Date(Date.UTC(2027, 0, 30 - d, 18)))), "");
    const status = await runBackup(
      { database: t.db.handle, storageDir: t.config.storageDir, backupDir, now: new Date(Date.UTC(2027, 0, 30, 18)) },
      log,
    );
    expect(status.lastSuccess?.file).toBe("backup-20270130T180000Z.tar");
    const archives = fs.readdirSync(backupDir).filter((n) => n.endsWith(".tar"));
    expect(archives).toHaveLength(9); // 7 days, and the newest of 2 older weeks
    expect(logged.at(-1)).toEqual({ level: "info", msg: "backup written" });
    expect(await overview()).toContain("Last backup: January 31, 2027");
  });

  it("logs a failure at error level and shows it on the overview until a backup succeeds", async () => {
    const status = await runBackup(
      {
        database: t.db.handle,
        storageDir: t.config.storageDir,
        backupDir: path.join(backupDir, archiveName(new Date(Date.UTC(2027, 0, 30, 18)))),
      },
      log,
    );
    expect(status.lastFailure).not.toBeNull();
    expect(logged.at(-1)).toEqual({ level: "error", msg: "backup failed" });
    // The status of the real folder is unchanged: write the failure there the way a full disk would show it.
    fs.writeFileSync(
      path.join(backupDir, "last-backup.json"),
      JSON.stringify({ ...readBackupStatus(backupDir), lastFailure: { at: "2027-01-31T18:00:00.000Z", error: "No space left on device" } }),
    );
    const page = await overview();
    expect(page).toContain("The last backup failed");
    expect(page).toContain("No space left on device");
    await runBackup({ database: t.db.handle, storageDir: t.config.storageDir, backupDir, now: new Date(Date.UTC(2027, 1, 1, 18)) }, log);
    expect(await overview()).not.toContain("The last backup failed");
  });
});
