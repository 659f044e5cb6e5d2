/**
 * Stores a checked member roll: new accounts added, known ones updated in place (the
 * account number is the key). The CSV import in the console and the demo seed both come
 * through here. Batches keep each statement small; one transaction keeps it all or nothing.
 */
import { parse as parseCsv } from "csv-parse/sync";
import { inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { agamAccounts } from "../../db/schema";
import { checkRoll, type RollMember, type RollRefusal } from "./roll";

const BATCH = 2000;

export interface RollImportSummary {
  added: number;
  updated: number;
  refused: RollRefusal[];
}

/**
 * Adds or updates the members. A membership number already held by another account in the
 * database is refused (it is unique): those rows come back in `refused` with their line.
 */
export async function storeRoll(tx: DbOrTx, members: RollMember[], lines?: number[]): Promise<RollImportSummary> {
  let added = 0;
  let updated = 0;
  const refused: RollRefusal[] = [];
  for (let start = 0; start < members.length; start += BATCH) {
    const batch = members.slice(start, start + BATCH);
    const taken = await tx
      .select({ account: agamAccounts.accountNumber, membership: agamAccounts.membershipNumber })
      .from(agamAccounts)
      .where(
        inArray(
          agamAccounts.membershipNumber,
          batch.map((m) => m.membershipNumber),
        ),
      );
    // Rows whose membership number another account holds (not merely this same account).
    const holder = new Map(taken.map((t) => [t.membership, t.account]));
    const good: RollMember[] = [];
    batch.forEach((m, i) => {
      const other = holder.get(m.membershipNumber);
      if (other && other !== m.accountNumber)
        refused.push({
          line: lines?.[start + i] ?? start + i + 2,
          accountNumber: m.accountNumber,
          reason: `membership number ${m.membershipNumber} belongs to account ${other}`,
        });
      else good.push(m);
    });
    if (!good.length) continue;
    const rows = await tx
      .insert(agamAccounts)
      .values(good)
      .onConflictDoUpdate({
        target: agamAccounts.accountNumber,
        set: {
          name: sql`excluded.name`,
          membershipNumber: sql`excluded.membership_number`,
          address: sql`excluded.address`,
          town: sql`excluded.town`,
          district: sql`excluded.district`,
          area: sql`excluded.area`,
          phone: sql`excluded.phone`,
        },
      })
      // xmax is 0 for a row this statement inserted, not for one it updated.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    for (const r of rows) r.inserted ? added++ : updated++;
  }
  return { added, updated, refused };
}

export type RollImportResult = { ok: true; summary: RollImportSummary } | { ok: false; error: string };

/** Splits CSV text into cells (a byte-order mark and blank lines are ignored). */
export function rollCells(csv: string): string[][] | null {
  try {
    return parseCsv(csv.replace(/^\uFEFF/, ""), { relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch {
    return null;
  }
}

/** Checks every row of the CSV first, then stores the good ones in one transaction; `audit` runs inside it. */
export async function importRollCsv(
  db: Db,
  csv: string,
  audit?: (tx: DbOrTx, summary: RollImportSummary) => Promise<void>,
): Promise<RollImportResult> {
  const cells = rollCells(csv);
  if (!cells) return { ok: false, error: "This is not a CSV file (a quote is not closed)." };
  const checked = checkRoll(cells);
  if (!checked.ok) return checked;
  const lines = lineNumbers(cells, checked.members.length, checked.refused);
  const summary = await db.transaction(async (tx) => {
    const stored = await storeRoll(tx, checked.members, lines);
    const all = { ...stored, refused: [...checked.refused, ...stored.refused].sort((a, b) => a.line - b.line) };
    await audit?.(tx, all);
    return all;
  });
  return { ok: true, summary };
}

/** The file line of each accepted member: every non-blank data line not refused, in order. */
function lineNumbers(cells: string[][], accepted: number, refused: RollRefusal[]): number[] {
  const refusedLines = new Set(refused.map((r) => r.line));
  const lines: number[] = [];
  for (let i = 1; i < cells.length && lines.length < accepted; i++) {
    if (cells[i]!.every((c) => c.trim() === "")) continue;
    if (!refusedLines.has(i + 1)) lines.push(i + 1);
  }
  return lines;
}

/** Which of these account numbers are on the member roll (the billing imports refuse the others). */
export async function accountsOnRoll(db: DbOrTx, accounts: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const distinct = [...new Set(accounts)];
  for (let start = 0; start < distinct.length; start += BATCH) {
    const rows = await db
      .select({ account: agamAccounts.accountNumber })
      .from(agamAccounts)
      .where(inArray(agamAccounts.accountNumber, distinct.slice(start, start + BATCH)));
    for (const r of rows) found.add(r.account);
  }
  return found;
}
