/**
 * Opens the database: embedded PGlite on disk under DATA_DIR by default,
 * PostgreSQL through `pg` when DATABASE_URL is set. Same schema, same SQL.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Db;
  kind: "pglite" | "postgres";
  /** true when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(import.meta.dirname, "migrations");

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
  const db = drizzle(pool, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    ping: () => pingDb(db),
    close: once(() => pool.end()),
  };
}

async function openPglite(dir: string, logger: QueryLogger): Promise<DatabaseHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzle(client, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: () => pingDb(db),
    close: once(() => (client.closed ? Promise.resolve() : client.close())),
  };
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
    p.then((v) => (clearTimeout(t), resolve(v)), (e) => (clearTimeout(t), reject(e)));
  });
}

/** Applies the committed migrations; safe to run at every start. */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(handle.db as never, { migrationsFolder });
  }
}
