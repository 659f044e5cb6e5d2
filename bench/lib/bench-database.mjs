// The PostgreSQL database a benchmark runs on. With DATABASE_URL (CI: 127.0.0.1:5432, user
// postgres, trust): its own database named `bench` on that server, made empty at start and
// dropped at the end, so the server's other databases are never touched. Without it: a
// private cluster on a free loopback port (./private-postgres.mjs), removed at the end.
import pg from "pg";
import { startPrivatePostgres } from "./private-postgres.mjs";

// BENCH_DATABASE_NAME: another name, for two people benchmarking on one server at once.
const NAME = /^[a-z_][a-z0-9_]*$/.test(process.env.BENCH_DATABASE_NAME ?? "") ? process.env.BENCH_DATABASE_NAME : "bench";

async function onServer(serverUrl, sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** keep: a database of this name that exists is used as it is, and left at the end (drop() does nothing). */
export async function startBenchDatabase({ keep = false } = {}) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const cluster = await startPrivatePostgres();
    return { url: cluster.url, where: "a private cluster", drop: async () => cluster.destroy() };
  }
  // A `bench` left by a run that was killed is dropped; one still in use is another run's.
  const { rows } = await onServer(serverUrl, `select count(*)::int as n from pg_stat_activity where datname = '${NAME}'`);
  if (rows[0].n > 0)
    throw new Error(`database "${NAME}" has ${rows[0].n} connection(s): another benchmark is running on ${new URL(serverUrl).host}`);
  const url = new URL(serverUrl);
  url.pathname = `/${NAME}`;
  const exists = (await onServer(serverUrl, `select 1 from pg_database where datname = '${NAME}'`)).rowCount > 0;
  if (keep && exists)
    return { url: url.toString(), where: `database "${NAME}" on ${url.host}, kept from an earlier run`, kept: true, drop: async () => {} };
  await onServer(serverUrl, `drop database if exists ${NAME}`);
  await onServer(serverUrl, `create database ${NAME}`);
  return {
    url: url.toString(),
    where: `database "${NAME}" on ${url.host}`,
    kept: false,
    drop: keep ? async () => {} : () => onServer(serverUrl, `drop database if exists ${NAME} with (force)`),
  };
}
