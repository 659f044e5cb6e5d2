/**
 * Shared by the alerts benchmarks: a database with N confirmed e-mail subscribers in one town,
 * and `sms` more with a confirmed mobile number (639 followed by 9 digits).
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, migrate, openDatabase } from "../../db/client";
import { alertEndpoints, alertSubscriberAreas, alertSubscribers } from "../../db/schema";
import { publishInterruption } from "../../tests/support/publish";

export async function prepareAlertsDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  subscribers: number;
  sms?: number;
}): Promise<DatabaseHandle> {
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  await migrate(database);
  const db = database.db;
  const total = opts.subscribers + (opts.sms ?? 0);
  for (let start = 0; start < total; start += 1000) {
    const n = Math.min(1000, total - start);
    await db.transaction(async (tx) => {
      const subs = await tx
        .insert(alertSubscribers)
        .values(Array.from({ length: n }, () => ({ manageToken: crypto.randomBytes(32).toString("base64url") })))
        .returning({ id: alertSubscribers.id });
      await tx.insert(alertSubscriberAreas).values(subs.map((s) => ({ subscriberId: s.id, town: "Bani" as const, barangayId: null })));
      await tx
        .insert(alertEndpoints)
        .values(
          subs.map((s, i) =>
            start + i < opts.subscribers
              ? { subscriberId: s.id, channel: "email" as const, address: `member${start + i}@example.test`, confirmedAt: new Date() }
              : { subscriberId: s.id, channel: "sms" as const, address: smsNumber(start + i - opts.subscribers), confirmedAt: new Date() },
          ),
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

/** The benchmark's k-th mobile number. */
export const smsNumber = (k: number) => `639${String(100_000_000 + k).slice(-9)}`;
