/**
 * `npm run backup` as IT runs it by hand: even under a umask that leaves new files readable by
 * every local user (022), and into a folder an older version left 0755, the archive is 0600 and
 * the folder 0700; the key stays where BACKUP_KEY_FILE says, never beside the archives;
 * `npm run backup:open` opens it only with that key, and `npm run restore` with it brings the
 * site back. (The daily job: backup-schedule.test.ts.)
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");

let t: TestApp;
let work: string;
beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "backup-cli-"));
  t = await createTestApp();
  // The embedded database is one process: the site stops before `npm run backup`, as README says.
  await t.app.close();
}, 60_000);
afterAll(async () => {
  await t?.db.cleanup();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

describe("npm run backup", () => {
  it("writes an encrypted archive 0600 into a 0700 folder under umask 022, which npm run restore reads back with the key", async () => {
    const backupDir = path.join(work, "backups");
    fs.mkdirSync(backupDir, { mode: 0o755 });
    fs.chmodSync(backupDir, 0o755);
    const keyFile = path.join(work, "etc", "backup.key");
    const env = {
      ...process.env,
      DATA_DIR: t.db.dataDir,
      DATABASE_URL: t.db.databaseUrl ?? "",
      BACKUP_KEY_FILE: keyFile,
      LOG_LEVEL: "silent",
    };
    const { stdout } = await run("sh", ["-c", 'umask 022 && exec "$0" scripts/backup.ts "$1"', tsx, backupDir], { cwd: root, env });
    const archive = /^Backup written: (.+\.tar\.enc) \(\d+ bytes\)$/m.exec(stdout)?.[1];
    expect(archive).toBeDefined();
    expect(path.dirname(archive!)).toBe(backupDir);
    expect(mode(archive!)).toBe("600");
    expect(mode(backupDir)).toBe("700");
    expect(mode(path.join(backupDir, "last-backup.json"))).toBe("600");
    expect(mode(keyFile)).toBe("600");
    expect(fs.readdirSync(backupDir).sort()).toEqual([path.basename(archive!), "last-backup.json"]);

    // Opened with the key (to take one part out), and refused with another.
    const opened = path.join(work, "opened");
    await run(tsx, ["scripts/backup-open.ts", archive!, opened], { cwd: root, env });
    expect(mode(opened)).toBe("700");
    expect(fs.readdirSync(opened)).toContain("manifest.json");
    const otherKey = path.join(work, "other.key");
    fs.writeFileSync(otherKey, `${Buffer.alloc(32, 7).toString("base64")}\n`);
    await expect(
      run(tsx, ["scripts/backup-open.ts", archive!, path.join(work, "opened-2")], {
        cwd: root,
        env: { ...env, BACKUP_KEY_FILE: otherKey },
      }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/^Open refused: .* was made with another backup key/) });

    // Restored with the same key into an empty place (the embedded database only: PostgreSQL's
    // restore needs an empty database, which the restore drill makes).
    if (t.db.databaseUrl) return;
    const into = path.join(work, "restored");
    const restored = await run(tsx, ["scripts/restore.ts", archive!], { cwd: root, env: { ...env, DATA_DIR: into } });
    expect(restored.stdout).toMatch(/^Restored .*\.tar\.enc/);
    expect(fs.existsSync(path.join(into, "pglite"))).toBe(true);
  }, 120_000);
});
