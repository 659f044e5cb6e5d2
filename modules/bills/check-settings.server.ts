/**
 * The bill check's tolerance: by default a billed line is listed when it differs from its
 * recomputation at all (to the centavo). Staff may allow a few centavos, say why, and the check's
 * page shows both, so nobody reads "no differences" without knowing what was let through.
 */
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { billCheckSettings } from "../../db/schema";
import { recordAudit } from "../staff/audit.server";
import { MAX_TOLERANCE_CENTAVOS } from "./compute";

export interface BillCheckSettings {
  toleranceCentavos: number;
  reason: string;
  updatedAt: Date | null;
}

export { MAX_TOLERANCE_CENTAVOS };

export async function getBillCheckSettings(db: DbOrTx): Promise<BillCheckSettings> {
  const [row] = await db.select().from(billCheckSettings).where(eq(billCheckSettings.id, 1));
  return row
    ? { toleranceCentavos: row.toleranceCentavos, reason: row.reason, updatedAt: row.updatedAt }
    : { toleranceCentavos: 0, reason: "", updatedAt: null };
}

/** Checks the typed tolerance and reason: the field errors, or the values to save. */
export function checkToleranceInput(
  tolerance: string,
  reason: string,
): { ok: true; toleranceCentavos: number; reason: string } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const t = tolerance.trim() || "0";
  const cents = /^\d{1,3}$/.test(t) ? Number(t) : Number.NaN;
  if (!Number.isInteger(cents) || cents > MAX_TOLERANCE_CENTAVOS)
    errors.tolerance = `Enter a whole number of centavos from 0 to ${MAX_TOLERANCE_CENTAVOS}, like 0 or 2.`;
  const why = reason.trim();
  if (cents > 0 && !why) errors.reason = "Say why lines that far off are let through; the reason is shown on the bill check.";
  if (why.length > 500) errors.reason = "At most 500 characters.";
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, toleranceCentavos: cents, reason: cents > 0 ? why : "" };
}

export async function saveBillCheckSettings(
  db: Db,
  input: { toleranceCentavos: number; reason: string; actor: { id: string; email?: string | null }; ip?: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await getBillCheckSettings(tx);
    const values = { toleranceCentavos: input.toleranceCentavos, reason: input.reason, updatedBy: input.actor.id, updatedAt: new Date() };
    await tx
      .insert(billCheckSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: billCheckSettings.id, set: values });
    await recordAudit(tx, {
      actorId: input.actor.id || null,
      actorEmail: input.actor.email ?? null,
      action: "bill_check.tolerance_set",
      objectType: "bill_check",
      objectId: "tolerance",
      before: { toleranceCentavos: before.toleranceCentavos, reason: before.reason },
      after: { toleranceCentavos: input.toleranceCentavos, reason: input.reason },
      ip: input.ip ?? null,
      userAgent: null,
    });
  });
}
