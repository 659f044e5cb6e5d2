/** Shared by the alerts benchmarks: a database with N confirmed e-mail subscribers in one town. */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, migrate, openDatabase } from "../../db/client";
import { alertEndpoints, alertSubscriberAreas, alertSubscribers } from "../../db/schema";
import { publishInterruption } from "../../tests/support/publish";

export async function prepareAlertsDatabase(opts: { databaseUrl?: string; dataDir: string; subscribers: number }): Promise<DatabaseHandle> {
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  await migrate(database);
  const db = database.db;
  for (let start = 0; start < opts.subscribers; start += 1000) {
    const n = Math.min(1000, opts.subscribers - start);
    await db.transaction(async (tx) => {
      const subs = await tx
        .insert(alertSubscribers)
        .values(Array.from({ length: n }, () => ({ manageToken: crypto.randomBytes(32).toString("base64url") })))
        .returning({ id: alertSubscribers.id });
      await tx.insert(alertSubscriberAreas).values(subs.map((s) => ({ subscriberId: s.id, town: "Bani" as const, barangayId: null })));
      await tx.insert(alertEndpoints).values(
        subs.map((s, i) => ({
          subscriberId: s.id,
          channel: "email" as const,
          address: `member${start + i}@example.test`,
          confirmedAt: new Date(),
        })),
      );
    });
  }
  return database;
}

export async function publish(database: DatabaseHandle): Promise<number> {
  return publishInterruption(database.db, { town: "Bani", barangays: [], startsAt: new Date(Date.now() + 48 * 3600_000) });
}

export async function deliveryStates(database: DatabaseHandle): Promise<Record<string, number>> {
  const r = (await database.db.execute(sql`select state, count(*)::int as n from alert_deliveries group by state`)) as unknown as {
    rows: { state: string; n: number }[];
  };
  return Object.fromEntries(r.rows.map((x) => [x.state, x.n]));
}
