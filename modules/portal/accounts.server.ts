/**
 * What a member sees of an account they proved: the overview (latest bill, status, last
 * payment), 24 months of bills, one bill with its lines, payments with receipt numbers, and
 * kWh per month. Callers check the link first (members.server.ts linkOf), or read through it
 * (linkedOverviews, accountBill). A page is a few indexed queries, none per line,
 * month or account.
 */
import { type AnyColumn, and, asc, desc, eq, exists, gte, type SQL, sql } from "drizzle-orm";
import { type DbOrTx, resultRows } from "../../db/client";
import { prepared, UNNAMED } from "../../db/prepared";
import { agamAccounts, bills, payments, portalLinks } from "../../db/schema";
import { type BillStatus, billStatus } from "../bills/status";
import { manilaIsoDate } from "../shared/dates";

export interface AccountOverview {
  accountNumber: string;
  name: string | null;
  address: string | null;
  town: string | null;
  latest: {
    billNumber: string;
    billingYear: number;
    billingMonth: number;
    totalDue: number;
    dueDate: string;
    disconnectionDate: string | null;
    status: BillStatus;
    balance: number;
  } | null;
  lastPayment: { orNumber: string; paidOn: string; amount: number } | null;
}

/** Months back from `today` (YYYY-MM-DD) as the first day of that month. */
const monthsBack = (today: string, n: number) => {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const key = y * 12 + (m - 1) - n;
  return `${Math.floor(key / 12)}-${String((key % 12) + 1).padStart(2, "0")}-01`;
};

/** As JSON, the latest bill of the account `account` names (an SQL expression or column), with what was paid since its reading. */
const latestBillJson = (account: SQL | AnyColumn) => sql`(select row_to_json(x) from (
         select b.bill_number, b.billing_year, b.billing_month, b.total_due, b.due_date::text, b.disconnection_date::text,
           (select coalesce(sum(p.amount), 0) from payments p where p.account_number = b.account_number and p.paid_on >= b.reading_date) as paid
         from bills b where b.account_number = ${account} order by b.period_to desc, b.bill_number desc limit 1) x)`;
/** As JSON, the last payment to that account. */
const lastPaymentJson = (account: SQL | AnyColumn) => sql`(select row_to_json(y) from (
         select p.or_number, p.paid_on::text, p.amount from payments p where p.account_number = ${account}
         order by p.paid_on desc, p.or_number desc limit 1) y)`;

interface OverviewRow {
  account_number: string;
  name: string | null;
  address: string | null;
  town: string | null;
  latest: Record<string, string | number | null> | null;
  last_payment: { or_number: string; paid_on: string; amount: number | string } | null;
}

export async function accountOverview(db: DbOrTx, accountNumber: string, now = new Date()): Promise<AccountOverview> {
  const rows = await db.execute(sql`
    select a.name, a.address, a.town, ${latestBillJson(sql`${accountNumber}`)} as latest, ${lastPaymentJson(sql`${accountNumber}`)} as last_payment
    from (select 1) one left join agam_accounts a on a.account_number = ${accountNumber}`);
  return overviewOf({ ...(resultRows(rows)[0] as OverviewRow), account_number: accountNumber }, now);
}

// Built once (db/prepared.ts): the overview is the page a member opens first.
const linkedOverviewsQuery = prepared((db) =>
  db
    .select({
      account_number: portalLinks.accountNumber,
      name: agamAccounts.name,
      address: agamAccounts.address,
      town: agamAccounts.town,
      latest: sql<OverviewRow["latest"]>`${latestBillJson(portalLinks.accountNumber)}`,
      last_payment: sql<OverviewRow["last_payment"]>`${lastPaymentJson(portalLinks.accountNumber)}`,
    })
    .from(portalLinks)
    .leftJoin(agamAccounts, eq(agamAccounts.accountNumber, portalLinks.accountNumber))
    .where(eq(portalLinks.userId, sql.placeholder("userId")))
    .orderBy(asc(portalLinks.linkedAt), asc(portalLinks.accountNumber))
    .prepare(UNNAMED),
);

/** The overview of every account linked to a member, in the order they were linked: one query, however many accounts. */
export async function linkedOverviews(db: DbOrTx, userId: string, now = new Date()): Promise<AccountOverview[]> {
  const rows = await linkedOverviewsQuery(db).execute({ userId });
  return rows.map((row) => overviewOf(row, now));
}

function overviewOf(row: OverviewRow, now: Date): AccountOverview {
  const l = row.latest;
  let latest: AccountOverview["latest"] = null;
  if (l) {
    const totalDue = Number(l.total_due);
    const { status, balance } = billStatus(totalDue, Number(l.paid), String(l.due_date), manilaIsoDate(now));
    latest = {
      billNumber: String(l.bill_number),
      billingYear: Number(l.billing_year),
      billingMonth: Number(l.billing_month),
      totalDue,
      dueDate: String(l.due_date),
      disconnectionDate: (l.disconnection_date as string | null) ?? null,
      status,
      balance,
    };
  }
  const p = row.last_payment;
  return {
    accountNumber: row.account_number,
    name: row.name,
    address: row.address,
    town: row.town,
    latest,
    lastPayment: p ? { orNumber: p.or_number, paidOn: p.paid_on, amount: Number(p.amount) } : null,
  };
}

export interface BillRow {
  billNumber: string;
  billingYear: number;
  billingMonth: number;
  periodFrom: string;
  periodTo: string;
  kwh: number;
  totalDue: number;
  dueDate: string;
}

/** The bills of the last `months` months (by the end of their period), newest first. */
export async function billHistory(db: DbOrTx, accountNumber: string, months = 24, now = new Date()): Promise<BillRow[]> {
  const since = monthsBack(manilaIsoDate(now), months);
  const rows = await db
    .select({
      billNumber: bills.billNumber,
      billingYear: bills.billingYear,
      billingMonth: bills.billingMonth,
      periodFrom: bills.periodFrom,
      periodTo: bills.periodTo,
      kwh: bills.kwh,
      totalDue: bills.totalDue,
      dueDate: bills.dueDate,
    })
    .from(bills)
    .where(and(eq(bills.accountNumber, accountNumber), gte(bills.periodTo, since)))
    .orderBy(desc(bills.periodTo), desc(bills.billNumber))
    .limit(months + 2);
  return rows.map((r) => ({ ...r, kwh: Number(r.kwh) }));
}

/**
 * One bill of one account linked to a member (null when the account is not that member's or the
 * number is not the account's): the account pages' guard and the bill in one prepared query
 * (app/routes/mco/account.server.ts requireLinkedBill).
 */
export async function accountBill(db: DbOrTx, userId: string, accountNumber: string, billNumber: string) {
  const [bill] = await linkedBillQuery(db).execute({ userId, accountNumber, billNumber });
  if (!bill) return null;
  return {
    ...bill,
    previousReading: Number(bill.previousReading),
    presentReading: Number(bill.presentReading),
    multiplier: Number(bill.multiplier),
    kwh: Number(bill.kwh),
    demandKw: bill.demandKw === null ? null : Number(bill.demandKw),
  };
}

const linkedBillQuery = prepared((db) =>
  db
    .select()
    .from(bills)
    .where(
      and(
        eq(bills.billNumber, sql.placeholder("billNumber")),
        eq(bills.accountNumber, sql.placeholder("accountNumber")),
        exists(
          db
            .select({ one: sql`1` })
            .from(portalLinks)
            .where(and(eq(portalLinks.userId, sql.placeholder("userId")), eq(portalLinks.accountNumber, bills.accountNumber))),
        ),
      ),
    )
    .prepare(UNNAMED),
);

export type AccountBill = NonNullable<Awaited<ReturnType<typeof accountBill>>>;

export async function accountPayments(db: DbOrTx, accountNumber: string, months = 24, now = new Date()) {
  const since = monthsBack(manilaIsoDate(now), months);
  const rows = await db
    .select({ orNumber: payments.orNumber, paidOn: payments.paidOn, amount: payments.amount, channel: payments.channel })
    .from(payments)
    .where(and(eq(payments.accountNumber, accountNumber), gte(payments.paidOn, since)))
    .orderBy(desc(payments.paidOn), desc(payments.orNumber));
  return rows;
}

/** The member's name on file, for a page heading. */
export async function accountName(db: DbOrTx, accountNumber: string): Promise<string | null> {
  const [row] = await db.select({ name: agamAccounts.name }).from(agamAccounts).where(eq(agamAccounts.accountNumber, accountNumber));
  return row?.name ?? null;
}
