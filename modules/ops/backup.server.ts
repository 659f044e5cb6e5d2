/**
 * Backups and restores of the whole site: the database, the uploaded files and the push keys
 * (DATA_DIR/vapid.json: without them every browser's subscription stops working after a
 * restore), in one tar archive with a manifest (the site's version, the migration level, and a
 * SHA-256 of every part), encrypted with the backup key (backup-crypto.server.ts). Archives are
 * 0600 in a 0700 folder: the archive holds the members' data and the database's secrets. On PostgreSQL the database part is `pg_dump`'s custom format (restored with
 * `pg_restore`; Debian's client of the server's major version); on the embedded PGlite it is
 * PGlite's own dump of its data folder (`dumpDataDir`, restored with `loadDataDir`).
 *
 * A restore checks the archive before it touches anything: the tar must read to its end,
 * every part must match its checksum, no part may be missing or added, and the archive must
 * not come from a newer version (a newer migration level than this code knows). It restores
 * only into an empty place: an empty data folder, or a database without tables.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, migrationsFolder, queryRows } from "../../db/client";
import { projectRootFrom } from "../shared/project-root.server";
import { backupKeyForWriting, decryptFile, encryptFile, readBackupKey } from "./backup-crypto.server";
import { BackupError } from "./backup-error";

export { BackupError };

const run = promisify(execFile);
const projectRoot = projectRootFrom(import.meta.dirname);

export const MANIFEST = "manifest.json";
export const MANIFEST_FORMAT = 1;
const PG_PART = "database.pgdump";
const PGLITE_PART = "database.pglite.tar.gz";
/** The push keys, when the site keeps them in DATA_DIR (not when VAPID_* are set). */
const VAPID_PART = "keys/vapid.json";

export interface BackupPart {
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: number;
  /** package.json's version of the code that made it. */
  version: string;
  /** Migrations applied to the database (the count of drizzle's journal entries). */
  migrationLevel: number;
  createdAt: string;
  database: { kind: "pglite" | "postgres"; tool: string };
  parts: BackupPart[];
}

export function siteVersion(): string {
  return JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8")).version ?? "0.0.0";
}

/** The migration level this code brings (drizzle's journal). */
export function codeMigrationLevel(): number {
  return JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")).entries.length;
}

async function databaseMigrationLevel(database: DatabaseHandle): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(database.db, sql`select count(*) as n from drizzle.__drizzle_migrations`);
  return Number(rows[0]?.n ?? 0);
}

export const archiveName = (at: Date) =>
  `backup-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}.tar.enc`;

/** The backup folder, made 0700 or brought back to it: only the site's own user reads archives. */
export function privateBackupDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}

export interface BackupSource {
  database: DatabaseHandle;
  storageDir: string;
  /** DATA_DIR/vapid.json: kept with the archive when it exists. */
  vapidFile: string;
  /** The backup key's file (BACKUP_KEY_FILE): made when missing, never put in the archive. */
  keyFile: string;
}

/**
 * Writes one archive (0600) into `dir` (0700, made if missing) and returns its path. The archive
 * appears under its name only when complete (written beside it, then renamed).
 */
export async function createBackup(opts: BackupSource & { dir: string; now?: Date }): Promise<string> {
  const now = opts.now ?? new Date();
  // The key must never travel with what it locks: not beside the archives, not in the files backed up.
  for (const dir of [opts.dir, opts.storageDir])
    if (!path.relative(path.resolve(dir), path.resolve(opts.keyFile)).startsWith(".."))
      throw new BackupError(`the backup key ${opts.keyFile} is inside ${dir}: keep it elsewhere (BACKUP_KEY_FILE)`);
  const key = backupKeyForWriting(opts.keyFile);
  privateBackupDir(opts.dir);
  // mkdtemp makes the folder 0700: the parts are never readable by others, whatever the umask.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "site-backup-"));
  const staging = path.join(work, "parts");
  fs.mkdirSync(staging);
  try {
    const tool = await dumpDatabase(opts.database, staging);
    if (fs.existsSync(opts.storageDir)) fs.cpSync(opts.storageDir, path.join(staging, "storage"), { recursive: true });
    if (fs.existsSync(opts.vapidFile)) {
      fs.mkdirSync(path.join(staging, path.dirname(VAPID_PART)));
      fs.copyFileSync(opts.vapidFile, path.join(staging, VAPID_PART));
    }
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      version: siteVersion(),
      migrationLevel: await databaseMigrationLevel(opts.database),
      createdAt: now.toISOString(),
      database: { kind: opts.database.kind, tool },
      parts: listFiles(staging).map((file) => describePart(staging, file)),
    };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const tar = path.join(work, "archive.tar");
    // The manifest first, so a reader finds it at once; then the parts.
    await run("tar", ["-cf", tar, "-C", staging, MANIFEST, ...manifest.parts.map((p) => p.path)], { maxBuffer: 16 * 1024 * 1024 });
    const target = path.join(opts.dir, archiveName(now));
    const partial = `${target}.partial`;
    fs.rmSync(partial, { force: true });
    await encryptFile(tar, partial, key);
    fs.renameSync(partial, target);
    return target;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function dumpDatabase(database: DatabaseHandle, staging: string): Promise<string> {
  if (database.kind === "pglite") {
    if (!database.pglite) throw new BackupError("the embedded database is not open in this process");
    const dump = await database.pglite.dumpDataDir("gzip");
    fs.writeFileSync(path.join(staging, PGLITE_PART), Buffer.from(await dump.arrayBuffer()));
    return `PGlite dumpDataDir`;
  }
  const url = database.url!;
  const { stdout } = await run("pg_dump", ["--version"]);
  await run("pg_dump", [
    "--format=custom",
    "--no-owner",
    "--no-privileges",
    `--file=${path.join(staging, PG_PART)}`,
    `--dbname=${url}`,
  ]).catch((error: { stderr?: string }) => {
    throw new BackupError(`pg_dump failed: ${firstLine(error.stderr) || String(error)}`);
  });
  return stdout.trim();
}

function listFiles(root: string, dir = root): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return listFiles(root, full);
      return entry.isFile() ? [path.relative(root, full).split(path.sep).join("/")] : [];
    })
    .sort();
}

function describePart(root: string, file: string): BackupPart {
  const bytes = fs.readFileSync(path.join(root, file));
  return { path: file, bytes: bytes.length, sha256: crypto.createHash("sha256").update(bytes).digest("hex") };
}

const firstLine = (text?: string) => (text ?? "").trim().split("\n")[0] ?? "";

/**
 * Decrypts, unpacks and checks an archive into a temporary folder: the seal, the manifest and
 * each part's checksum, and that it comes from this version or an older one. The caller removes
 * the folder.
 */
export async function openArchive(file: string, keyFile: string): Promise<{ dir: string; manifest: Manifest }> {
  const name = path.basename(file);
  if (!fs.existsSync(file)) throw new BackupError(`${name}: no such file`);
  const key = readBackupKey(keyFile);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-restore-"));
  const tar = path.join(dir, "archive.tar");
  try {
    await decryptFile(file, tar, key);
    await run("tar", ["-xf", tar, "-C", dir]).catch((error: { stderr?: string }) => {
      throw new BackupError(`${name} is damaged: the archive cannot be read to its end (${firstLine(error.stderr).replace(/^tar: /, "")})`);
    });
    fs.rmSync(tar);
    let manifest: Manifest;
    try {
      manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), "utf8"));
    } catch {
      throw new BackupError(`${name} is damaged or not a backup of this site: its manifest is missing or unreadable`);
    }
    if (manifest.format !== MANIFEST_FORMAT || !Array.isArray(manifest.parts))
      throw new BackupError(`${name} has a manifest of another format (${manifest.format}); this version reads format ${MANIFEST_FORMAT}`);
    const ours = codeMigrationLevel();
    if (manifest.migrationLevel > ours || newerVersion(manifest.version, siteVersion()))
      throw new BackupError(
        `${name} was made by a newer version of the site (${manifest.version}, migration level ${manifest.migrationLevel}); this is ${siteVersion()} (level ${ours}): upgrade the site first`,
      );
    const present = new Set(listFiles(dir).filter((f) => f !== MANIFEST));
    for (const part of manifest.parts) {
      if (!present.delete(part.path)) throw new BackupError(`${name} is damaged: ${part.path} is missing`);
      const actual = describePart(dir, part.path);
      if (actual.sha256 !== part.sha256 || actual.bytes !== part.bytes)
        throw new BackupError(`${name} is damaged: ${part.path} does not match its checksum`);
    }
    if (present.size) throw new BackupError(`${name} is damaged: ${[...present][0]} is not in its manifest`);
    return { dir, manifest };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** a > b for dotted versions ("1.10.0" > "1.9.3"). */
export function newerVersion(a: string, b: string): boolean {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return d > 0;
  }
  return false;
}

export interface RestoreTarget {
  /** The data folder (its storage/, vapid.json and, without a database URL, its pglite/). */
  dataDir: string;
  /** PostgreSQL: restore into this (empty) database. */
  databaseUrl?: string;
  /** The backup key's file (BACKUP_KEY_FILE): without the archive's key nothing is restored. */
  keyFile: string;
}

/** Restores an archive into an empty place. Returns the manifest it restored. */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<Manifest> {
  const { dir, manifest } = await openArchive(file, target.keyFile);
  try {
    const storageDir = path.join(target.dataDir, "storage");
    if (!isEmptyDir(storageDir)) throw new BackupError(`${storageDir} is not empty: restore into an empty data folder`);
    const wantKind = target.databaseUrl ? "postgres" : "pglite";
    if (manifest.database.kind !== wantKind)
      throw new BackupError(
        `the archive holds a ${manifest.database.kind === "pglite" ? "PGlite (embedded)" : "PostgreSQL"} database; ${
          target.databaseUrl ? "unset DATABASE_URL to restore it" : "set DATABASE_URL to restore it"
        }`,
      );
    if (target.databaseUrl) await restorePostgres(path.join(dir, PG_PART), target.databaseUrl);
    else await restorePglite(path.join(dir, PGLITE_PART), path.join(target.dataDir, "pglite"));
    if (fs.existsSync(path.join(dir, "storage"))) fs.cpSync(path.join(dir, "storage"), storageDir, { recursive: true });
    else fs.mkdirSync(storageDir, { recursive: true });
    // The push keys the browsers subscribed with: the archive's replace any made meanwhile.
    if (fs.existsSync(path.join(dir, VAPID_PART))) {
      fs.copyFileSync(path.join(dir, VAPID_PART), path.join(target.dataDir, "vapid.json"));
      fs.chmodSync(path.join(target.dataDir, "vapid.json"), 0o600);
    }
    return manifest;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

async function restorePglite(dump: string, pgliteDir: string) {
  if (!isEmptyDir(pgliteDir)) throw new BackupError(`${pgliteDir} is not empty: restore into an empty data folder`);
  const { PGlite } = await import("@electric-sql/pglite");
  fs.mkdirSync(pgliteDir, { recursive: true });
  const db = await PGlite.create(pgliteDir, { loadDataDir: new Blob([fs.readFileSync(dump)]) });
  await db.query("select 1");
  await db.close();
}

async function restorePostgres(dump: string, url: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    if (rows[0].n > 0) throw new BackupError(`the database ${new URL(url).pathname.slice(1)} is not empty: restore into an empty database`);
  } finally {
    await client.end();
  }
  await run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${url}`, dump]).catch(
    (error: { stderr?: string }) => {
      throw new BackupError(`pg_restore failed: ${firstLine(error.stderr) || String(error)}`);
    },
  );
}
