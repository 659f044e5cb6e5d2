/**
 * Test databases. PGlite: a migrated and seeded template folder made once per run,
 * copied for each test server (creating one takes seconds, copying milliseconds).
 * PostgreSQL (when DATABASE_URL is set): a fresh database per call, cloned from a
 * template database, on the server DATABASE_URL points to.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { migrate, openDatabase, type DatabaseHandle } from "../../db/client";
import { seedDemo } from "../../db/seed/index";

const root = path.resolve(import.meta.dirname, "..", ".tmp");
const templateDir = path.join(root, "template");
/** A fixed "now" for the seed would make dates stale; the seed is relative to the real now. */

async function ensurePgliteTemplate(): Promise<void> {
  const done = path.join(templateDir, ".ready");
  if (fs.existsSync(done)) return;
  const lock = path.join(root, "template.lock");
  fs.mkdirSync(root, { recursive: true });
  // One process builds the template; others wait for it.
  let fd: number | undefined;
  try {
    fd = fs.openSync(lock, "wx");
  } catch {
    for (let i = 0; i < 600 && !fs.existsSync(done); i++) await new Promise((r) => setTimeout(r, 200));
    if (fs.existsSync(done)) return;
    fs.rmSync(lock, { force: true });
    return ensurePgliteTemplate();
  }
  try {
    fs.rmSync(templateDir, { recursive: true, force: true });
    const handle = await openDatabase({ dataDir: templateDir });
    await migrate(handle);
    await seedDemo(handle.db, path.join(templateDir, "storage"));
    await handle.close();
    fs.writeFileSync(done, new Date().toISOString());
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
