/**
 * What every user of the site's pg-boss shares: a queue made or brought up to the code's settings
 * at start, and a job inserted inside the caller's own transaction.
 */
import { SQL, sql } from "drizzle-orm";
import { fromDrizzle, type PgBoss, type Queue, type UpdateQueueOptions } from "pg-boss";
import { queryRows, type Tx } from "../db/client";

/** Settings a queue is both created and updated with (pg-boss's two option types agree on these). */
export type QueueSettings = UpdateQueueOptions & Omit<Queue, "name" | "policy" | "partition">;

export async function ensureQueue(boss: PgBoss, name: string, options: QueueSettings) {
  // A restart finds the queues there: their settings follow the code's (pg-boss refuses an empty update).
  const existing = await boss.getQueue(name);
  if (!existing) await boss.createQueue(name, options);
  else if (Object.keys(options).length) await boss.updateQueue(name, options);
}

/** The caller's transaction as pg-boss's database, so a job is inserted in that transaction. */
export function bossDatabase(tx: Tx) {
  return fromDrizzle(
    {
      execute: async (query: unknown) => {
        if (!(query instanceof SQL)) throw new TypeError("pg-boss gave a query that drizzle did not build");
        return { rows: await queryRows(tx, query) };
      },
    },
    sql,
  );
}
