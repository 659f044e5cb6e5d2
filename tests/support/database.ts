/**
 * Test databases. PGlite: a migrated and seeded template folder made once per run,
 * copied for each test server (creating one takes seconds, copying milliseconds).
 * PostgreSQL (when DATABASE_URL is set): a fresh database per call, cloned from a
 * template database, on the server DATABASE_URL points to.
 */

import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type DatabaseHandle, migrate, openDatabase } from "../../db/client";
import { seedDemo } from "../../seed/index";

const root = path.resolve(import.meta.dirname, "..", ".tmp");
/** The template is named after what it is made from, so a changed migration or seed makes a new one. */
const templateDir = path.join(root, `template-${sourcesHash()}`);

function sourcesHash(): string {
  const hash = crypto.createHash("sha256");
  const repo = path.resolve(import.meta.dirname, "..", "..");
  for (const dir of ["db/migrations", "db/migrations/meta", "seed"]) {
    const full = path.join(repo, dir);
    if (!fs.existsSync(full)) continue;
    for (const name of fs.readdirSync(full).sort()) {
      const file = path.join(full, name);
      if (fs.statSync(file).isFile()) hash.update(name).update(fs.readFileSync(file));
    }
  }
  return hash.digest("hex").slice(0, 12);
}
/** A fixed "now" for the seed would make dates stale; the seed is relative to the real now. */

async function ensurePgliteTemplate(): Promise<void> {
  const done = path.join(templateDir, ".ready");
  // A template made before a new migration is made again.
  const journal = fs.readFileSync(path.resolve(import.meta.dirname, "..", "..", "db", "migrations", "meta", "_journal.json"), "utf8");
  const version = crypto.createHash("sha256").update(journal).digest("hex");
  if (fs.existsSync(done) && fs.readFileSync(done, "utf8").includes(version)) return;
  const lock = path.join(root, "template.lock");
  fs.mkdirSync(root, { recursive: true });
  // One process builds the template; others wait for it.
  let fd: number | undefined;
  try {
    fd = fs.openSync(lock, "wx");
  } catch {
    const ready = () => fs.existsSync(done) && fs.readFileSync(done, "utf8").includes(version);
    for (let i = 0; i < 600 && !ready(); i++) await new Promise((r) => setTimeout(r, 200));
    if (ready()) return;
    fs.rmSync(lock, { force: true });
    return ensurePgliteTemplate();
  }
  try {
    fs.rmSync(templateDir, { recursive: true, force: true });
    const handle = await openDatabase({ dataDir: templateDir });
    await migrate(handle);
    await seedDemo(handle.db, path.join(templateDir, "storage"));
    await handle.close();
    fs.writeFileSync(done, `${new Date().toISOString()} ${version}`);
  } finally {
    fs.closeSync(fd);
    fs.rmSync(lock, { force: true });
  }
}

export interface TestDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  databaseUrl?: string;
  cleanup(): Promise<void>;
}

/** A fresh, seeded database for one test file. Uses PostgreSQL when DATABASE_URL is set. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coop-test-"));
  const url = process.env.DATABASE_URL;
  if (url) return createPostgresDatabase(url, dataDir);
  await ensurePgliteTemplate();
  fs.cpSync(templateDir, dataDir, { recursive: true });
  const handle = await openDatabase({ dataDir });
  return {
    handle,
    dataDir,
    async cleanup() {
      await handle.close().catch(() => {});
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function createPostgresDatabase(url: string, dataDir: string): Promise<TestDatabase> {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const name = `coop_test_${crypto.randomBytes(5).toString("hex")}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: dbUrl.toString(), dataDir });
  await migrate(handle);
  await seedDemo(handle.db, path.join(dataDir, "storage"));
  return {
    handle,
    dataDir,
    databaseUrl: dbUrl.toString(),
    async cleanup() {
      await handle.close().catch(() => {});
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await again.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
