/**
 * Test databases. PGlite: a migrated and seeded template folder made once per run,
 * copied for each test server (creating one takes seconds, copying milliseconds).
 * PostgreSQL (when DATABASE_URL is set): a fresh database per call, cloned from a
 * migrated and seeded template database on the server DATABASE_URL points to (migrating
 * and seeding take seconds, cloning a fraction of one).
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
  const template = await ensurePostgresTemplate(url);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const name = `coop_test_${crypto.randomBytes(5).toString("hex")}`;
  await admin.query(`create database ${name} template ${template.name}`);
  await admin.end();
  // The seed's files, as the template's seed wrote them.
  fs.cpSync(template.storage, path.join(dataDir, "storage"), { recursive: true });
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: dbUrl.toString(), dataDir });
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

/**
 * Template databases on PostgreSQL are named after their sources and their time of making
 * (`coop_template_<sources>_<unix seconds>`): the server outlives a test run, and the seed's
 * dates are relative to when it ran (an interruption under way "now"), so a template serves
 * for TEMPLATE_FRESH_MS and a newer one is made after. Old ones are dropped by name, never one
 * that a test could still be cloning (a clone begins within the minute its template is chosen).
 */
const TEMPLATE_FRESH_MS = 30 * 60_000;
const TEMPLATE_DROP_MS = 2 * 60 * 60_000;

/**
 * The newest fresh template for these sources, made when there is none. One process makes it
 * while the others wait on an advisory lock. Its seed's files are kept beside the PGlite
 * template (tests/.tmp); a template whose files are not on this machine is not used.
 */
async function ensurePostgresTemplate(url: string): Promise<{ name: string; storage: string }> {
  const { default: pg } = await import("pg");
  const prefix = `coop_template_${sourcesHash()}_`;
  const storageOf = (name: string) => path.join(root, name, "storage");
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock(hashtext('coop test template'))");
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'coop_template_%'");
    const now = Date.now();
    const madeAt = (name: string) => Number(name.slice(name.lastIndexOf("_") + 1)) * 1000;
    for (const { datname } of rows) {
      if (now - madeAt(datname) > TEMPLATE_DROP_MS) {
        await admin.query(`drop database if exists ${datname}`).catch(() => {});
        fs.rmSync(path.join(root, datname), { recursive: true, force: true });
      }
    }
    const usable = rows
      .map((r) => r.datname)
      .filter((name) => name.startsWith(prefix) && now - madeAt(name) < TEMPLATE_FRESH_MS && fs.existsSync(path.join(root, name, ".ready")))
      .sort();
    const newest = usable.at(-1);
    if (newest) return { name: newest, storage: storageOf(newest) };

    const name = `${prefix}${Math.floor(now / 1000)}`;
    fs.rmSync(path.join(root, name), { recursive: true, force: true });
    await admin.query(`create database ${name}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: dbUrl.toString(), dataDir: path.join(root, name) });
    try {
      await migrate(handle);
      await seedDemo(handle.db, storageOf(name));
    } finally {
      // A database with a session open cannot be cloned.
      await handle.close();
    }
    fs.writeFileSync(path.join(root, name, ".ready"), new Date().toISOString());
    return { name, storage: storageOf(name) };
  } finally {
    await admin.end();
  }
}
