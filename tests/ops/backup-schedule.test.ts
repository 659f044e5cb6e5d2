/**
 * The daily backup's run (the job's whole body): an encrypted archive, 0600 in a 0700 folder
 * whatever the folder was, old ones pruned (7 daily, 4 weekly), the outcome in last-backup.json;
 * a failure logged at error level and shown on the administrator's overview until a backup
 * succeeds again.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveName } from "../../modules/ops/backup.server";
import { readBackupStatus, runBackup } from "../../modules/ops/backup-schedule.server";
import { backupJobOf } from "../../server/config";
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
const job = () => backupJobOf(t.config, t.db.handle);
const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);
const overview = async () => {
  const admin = await signInAs(t, "admin");
  return (await t.app.inject({ url: "/staff", headers: { cookie: admin.cookie } })).body;
};

describe("daily backup", () => {
  it("writes an archive 0600 into a 0700 folder, prunes the old ones and records the time", async () => {
    // A folder as an older version left it, readable by every local user.
    fs.chmodSync(backupDir, 0o755);
    // 20 days of older archives (empty files are enough for the pruning).
    for (let d = 1; d <= 20; d++) fs.writeFileSync(path.join(backupDir, archiveName(new Date(Date.UTC(2027, 0, 30 - d, 18)))), "");
    const status = await runBackup({ ...job(), now: new Date(Date.UTC(2027, 0, 30, 18)) }, log);
    expect(status.lastSuccess?.file).toBe("backup-20270130T180000Z.tar.enc");
    expect(mode(path.join(backupDir, status.lastSuccess!.file))).toBe("600");
    expect(mode(path.join(backupDir, "last-backup.json"))).toBe("600");
    expect(mode(backupDir)).toBe("700");
    // Encrypted: none of the tar's own header, the manifest or the dump shows through.
    const bytes = fs.readFileSync(path.join(backupDir, status.lastSuccess!.file));
    expect(bytes.subarray(0, 8).toString()).toBe("WSPCBAK1");
    expect(bytes.includes(Buffer.from("manifest.json"))).toBe(false);
    expect(bytes.includes(Buffer.from("ustar"))).toBe(false);
    // The key is not beside the archives.
    expect(path.dirname(t.config.backupKeyFile)).not.toBe(backupDir);
    expect(mode(t.config.backupKeyFile)).toBe("600");
    const archives = fs.readdirSync(backupDir).filter((n) => n.endsWith(".tar.enc"));
    expect(archives).toHaveLength(9); // 7 days, and the newest of 2 older weeks
    expect(logged.at(-1)).toEqual({ level: "info", msg: "backup written" });
    expect(await overview()).toContain("Last backup: January 31, 2027");
  });

  it("logs a failure at error level and shows it on the overview until a backup succeeds", async () => {
    const status = await runBackup({ ...job(), backupDir: path.join(backupDir, archiveName(new Date(Date.UTC(2027, 0, 30, 18)))) }, log);
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
    await runBackup({ ...job(), now: new Date(Date.UTC(2027, 1, 1, 18)) }, log);
    expect(await overview()).not.toContain("The last backup failed");
  });
});
