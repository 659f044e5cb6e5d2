// A whole billing cycle: 100,000 generated bills (valid, worked out from the published schedule)
// written as the billing system's CSV and sent to POST /api/v1/billing/bills with an integration
// token, on PGlite (a fresh data folder), then the same file again. Usage:
//   npm run bench:bills-import [-- BILLS]   (default 100000)
// Rule: the first import stores every bill in under 60 s; the second changes nothing (no bill
// added or replaced, no revision made, the stored rows identical). The data folder and the file
// are removed at the end.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, like, sql } from "drizzle-orm";
import { agamAccounts, billRevisions, bills } from "../db/schema";
import { computeBill } from "../modules/bills/compute";
import { BILL_COLUMNS, type BillRecord, billToRow, toCsv } from "../modules/bills/files";
import { issueBillingToken } from "../modules/bills/tokens.server";
import { getSchedule, listDiscountTiers } from "../modules/rates/schedule.server";
import { startInProcess } from "./lib/in-process";

const total = Number(process.argv[2] ?? 100_000);
const LIMIT_SECONDS = 60;

const { app, stop } = await startInProcess("bills", { ALERTS_WORKER: "off" });
const db = app.deps.database.db;
const file = path.join(os.tmpdir(), `bills-bench-${process.pid}.csv`);
let failed = false;
try {
  const year = 2025;
  const month = 6;
  const schedules = await getSchedule(db, year, month);
  const tiers = await listDiscountTiers(db);
  const rows: string[][] = [[...BILL_COLUMNS]];
  for (let i = 0; i < total; i++) {
    // Account 0d-6xxx-xxxx (no demo account has 6xxx): residential mostly, some commercial.
    const account = `0${(i % 9) + 1}-${6000 + Math.floor(i / 10_000)}-${String(i % 10_000).padStart(4, "0")}`;
    const cls = i % 25 === 0 ? "LV" : "R";
    const kwh = cls === "LV" ? 600 + (i % 700) : 15 + ((i * 37) % 380);
    const lifeline = cls === "R" && i % 10 === 3 && kwh <= 100;
    const senior = cls === "R" && i % 10 === 4;
    const c = computeBill(schedules.find((s) => s.classCode === cls)!, tiers, { kwh, demandKw: null, lifeline, senior });
    const arrears = i % 7 === 0 ? 35_000 + (i % 900) : 0;
    const bill: BillRecord = {
      accountNumber: account,
      billNumber: `BENCH-${year}${month}-${i}`,
      rateClass: cls,
      billingYear: year,
      billingMonth: month,
      periodFrom: "2025-05-05",
      periodTo: "2025-06-04",
      readingDate: "2025-06-04",
      previousReading: 20_000 + (i % 5000),
      presentReading: 20_000 + (i % 5000) + kwh,
      multiplier: 1,
      kwh,
      demandKw: null,
      lifeline,
      senior,
      charges: c.charges,
      vat: c.vat,
      lifelineDiscount: c.lifelineDiscount,
      seniorDiscount: c.seniorDiscount,
      otherLabel: "",
      otherAmount: 0,
      arrears,
      totalDue: c.currentCharges + arrears,
      dueDate: "2025-06-14",
      disconnectionDate: arrears ? "2025-06-21" : null,
    };
    rows.push(billToRow(bill));
  }
  fs.writeFileSync(file, toCsv(rows));
  // The accounts on the member roll first: the import refuses a bill for an account that is not.
  const accounts = [...new Set(rows.slice(1).map((r) => r[BILL_COLUMNS.indexOf("account_number")]!))];
  for (let start = 0; start < accounts.length; start += 5000)
    await db
      .insert(agamAccounts)
      .values(
        accounts.slice(start, start + 5000).map((accountNumber) => ({
          accountNumber,
          name: "BENCH, MEMBER",
          membershipNumber: `B-${accountNumber}`,
          address: "Poblacion, Bani, Pangasinan",
          district: 3,
          area: "north" as const,
        })),
      )
      .onConflictDoNothing();
  const { token } = await issueBillingToken(db, { name: "bills benchmark", actorId: "" });
  const body = fs.readFileSync(file, "utf8");
  console.log(
    `file: ${total.toLocaleString("en-US")} bills, ${(body.length / 1e6).toFixed(1)} MB of CSV; database: ${app.deps.database.kind}`,
  );

  const snapshot = async () => {
    const [b] = await db
      .select({
        n: count(),
        sum: sql<string>`coalesce(sum(${bills.totalDue}), 0)::text`,
        hash: sql<string>`md5(string_agg(${bills.contentHash} || ${bills.revision}::text || ${bills.importedAt}::text, ',' order by ${bills.billNumber}))`,
      })
      .from(bills)
      .where(like(bills.billNumber, "BENCH-%"));
    const [r] = await db.select({ n: count() }).from(billRevisions).where(like(billRevisions.billNumber, "BENCH-%"));
    return { bills: b!.n, totalDue: b!.sum, rowsHash: b!.hash, revisions: r!.n };
  };
  const send = async () => {
    const start = performance.now();
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/billing/bills",
      headers: { "content-type": "text/csv", authorization: `Bearer ${token}` },
      payload: body,
    });
    const seconds = (performance.now() - start) / 1000;
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 500)}`);
    const data = res.json().data as { added: number; replaced: number; unchanged: number; with_differences: number; refused: unknown[] };
    return { seconds, data };
  };

  const first = await send();
  const afterFirst = await snapshot();
  console.log(
    `first import: ${first.seconds.toFixed(2)} s (${Math.round(total / first.seconds).toLocaleString("en-US")} bills/s): ` +
      `${first.data.added} added, ${first.data.replaced} replaced, ${first.data.unchanged} unchanged, ${first.data.refused.length} refused, ${first.data.with_differences} differ from the schedule`,
  );
  const firstOk =
    first.seconds < LIMIT_SECONDS && first.data.added === total && afterFirst.bills === total && first.data.refused.length === 0;
  console.log(
    `${firstOk ? "PASS" : "FAIL"}: every bill stored (${afterFirst.bills.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}) in ${first.seconds.toFixed(2)} s; the rule: under ${LIMIT_SECONDS} s on PGlite`,
  );

  const second = await send();
  const afterSecond = await snapshot();
  console.log(
    `second import of the same file: ${second.seconds.toFixed(2)} s: ${second.data.added} added, ${second.data.replaced} replaced, ${second.data.unchanged} unchanged`,
  );
  console.log(`stored before: ${JSON.stringify(afterFirst)}`);
  console.log(`stored after:  ${JSON.stringify(afterSecond)}`);
  const secondOk =
    second.data.added === 0 &&
    second.data.replaced === 0 &&
    second.data.unchanged === total &&
    JSON.stringify(afterFirst) === JSON.stringify(afterSecond);
  console.log(
    `${secondOk ? "PASS" : "FAIL"}: the same file again changed nothing; the rule: 0 added, 0 replaced, all ${total.toLocaleString("en-US")} unchanged, no revision, stored rows identical (hash of every row)`,
  );
  failed = !firstOk || !secondOk;
  await db.delete(bills).where(like(bills.billNumber, "BENCH-%"));
} finally {
  fs.rmSync(file, { force: true });
  await stop();
}
console.log("cleaned up: the generated file and the benchmark's data folder are removed");
process.exit(failed ? 1 : 0);
