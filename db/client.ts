/**
 * Opens the database: embedded PGlite on disk under DATA_DIR by default,
 * PostgreSQL through `pg` when DATABASE_URL is set. Same schema, same SQL.
 */
import fs from "node:fs";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { auditLogAppendOnlySql } from "./schema/staff";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A database handle or a transaction on it: what a function that may run inside a transaction takes. */
/** A transaction of `Db`, as its callback gets it. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface DatabaseHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /** The embedded instance (PGlite only): libraries that bring their own SQL (pg-boss) share it. */
  pglite?: import("@electric-sql/pglite").PGlite;
  /** The connection string (PostgreSQL only), for libraries with their own pool (pg-boss). */
  url?: string;
  /** The pool's counts (PostgreSQL only), for the metrics. */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  /** true when a trivial query answers. */
  ping(): Promise<boolean>;
  /** Applies the committed migrations with this driver's migrator. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The committed migrations: beside this file in the sources, or in the project's db/ when this
 * code runs from the service's bundle (build/service/), a folder deeper.
 */
export const migrationsFolder = findMigrations(import.meta.dirname);

function findMigrations(dir: string): string {
  for (let at = dir; path.dirname(at) !== at; at = path.dirname(at)) {
    for (const candidate of [path.join(at, "migrations"), path.join(at, "db", "migrations")])
      if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
  }
  return path.join(dir, "migrations");
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Called for every query (benchmarks count them). */
  onQuery?: () => void;
}

export async function openDatabase(opts: OpenOptions): Promise<DatabaseHandle> {
  const logger = opts.onQuery ? { logQuery: opts.onQuery } : undefined;
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, logger) : openPglite(path.join(opts.dataDir, "pglite"), logger);
}

type QueryLogger = { logQuery: () => void } | undefined;

async function openPostgres(url: string, logger: QueryLogger): Promise<DatabaseHandle> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 3000, idleTimeoutMillis: 30_000 });
  // A dropped connection must not crash the process; queries will fail and be answered 503.
  pool.on("error", () => {});
  const db = drizzle(pool, { schema, logger });
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  return {
    db,
    kind: "postgres",
    url,
    pool,
    ping: () => pingDb(db),
    migrate: () => migrate(db, { migrationsFolder }),
    close: once(() => pool.end()),
  };
}

async function openPglite(dir: string, logger: QueryLogger): Promise<DatabaseHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const unlock = lockDataDir(dir);
  const client = await PGlite.create(dir).catch((error) => {
    unlock();
    throw error;
  });
  const db = drizzle(client, { schema, logger });
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  return {
    db,
    kind: "pglite",
    pglite: client,
    ping: () => pingDb(db),
    migrate: () => migrate(db, { migrationsFolder }),
    close: once(async () => {
      if (!client.closed) await client.close();
      unlock();
    }),
  };
}

/** Another process holds the embedded database's folder. */
export class DataDirBusyError extends Error {}

/**
 * PGlite runs the database inside this process: a second process on the same folder (the
 * server and `npm run staff:add`, say) would work on its own copy and the two would overwrite
 * each other. So one process at a time holds the folder, marked by a file with its pid; a
 * mark left by a process that has died is taken over.
 */
function lockDataDir(dir: string): () => void {
  const file = path.join(path.dirname(dir), "pglite.lock");
  const mine = String(process.pid);
  try {
    fs.writeFileSync(file, mine, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const holder = Number(fs.readFileSync(file, "utf8"));
    if (holder && holder !== process.pid && isAlive(holder))
      throw new DataDirBusyError(
        `The embedded database in ${path.dirname(dir)} is in use by process ${holder} (is the site running?). Stop it first, or use PostgreSQL (DATABASE_URL).`,
      );
    fs.writeFileSync(file, mine);
  }
  return () => {
    try {
      if (fs.readFileSync(file, "utf8") === mine) fs.unlinkSync(file);
    } catch {
      // Already gone: nothing to release.
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Closing twice (a test closes the database, then the app closes it again) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await withTimeout(db.execute(sql`select 1`), 2000);
    return true;
  } catch {
    return false;
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("timeout")), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e) => (clearTimeout(t), reject(e)),
    );
  });
}

/**
 * The rows of a raw `db.execute(sql)`: pg and PGlite both answer `{ rows }`, but drizzle's
 * shared type cannot say so. `T` is the row shape the query selects.
 */
export async function queryRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  return resultRows<T>(await db.execute(query));
}

/** The rows of a raw query's result (`{ rows }`, or the rows themselves). */
export function resultRows<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result;
  if (typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows)) return result.rows;
  throw new Error("the database answered a query without rows");
}

/** Applies the committed migrations; safe to run at every start. */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  // What drizzle cannot express in the schema: the audit log's append-only trigger.
  for (const statement of auditLogAppendOnlySql) await handle.db.execute(statement);
}
