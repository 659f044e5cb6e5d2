/**
 * A query built once per database handle: drizzle builds a select's SQL again on every call
 * (0.3–0.4 ms of CPU for a join of two tables, more than the round trip). For the few queries
 * every signed-in request runs; values come as placeholders (`sql.placeholder("name")`).
 */
import type { DbOrTx } from "./client";

/**
 * The statement name to give drizzle's `.prepare()`: none. A named statement lives on one
 * server connection, and PgBouncer in transaction mode (what the README advises beyond two
 * machines) hands each transaction another one; Debian 12's PgBouncer (1.18) cannot track
 * named statements (1.21 can). Unnamed, PostgreSQL parses the text each time: a fraction of
 * what building it cost.
 */
export const UNNAMED = "";

export function prepared<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const byHandle = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let query = byHandle.get(db);
    if (!query) {
      query = build(db);
      byHandle.set(db, query);
    }
    return query;
  };
}
