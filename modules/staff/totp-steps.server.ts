/**
 * A TOTP code is good once. better-auth's two-factor plugin accepts a code for as long as
 * its 30-second step (and the steps either side) lasts, however often it is sent; so before
 * the code reaches it, the step the code belongs to is claimed for the account by one
 * conditional upsert (newer than the last accepted step, or nothing), and a code at or
 * before the last accepted step is refused, even when two arrive at the same moment.
 */
import { createOTP } from "@better-auth/utils/otp";
import { symmetricDecrypt } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { staffTwoFactor, staffVerification } from "../../db/schema";
import type { StaffAuth } from "./auth.server";

const PERIOD_S = 30;
/** better-auth accepts the step before and after the current one. */
const WINDOW = 1;

/** The account a pending second step belongs to, from better-auth's two-factor cookie; null when none. */
export async function pendingSecondStepUser(db: Db, cookieHeader: string | undefined): Promise<string | null> {
  const raw = /(?:^|;\s*)(?:__Secure-)?staff\.two_factor=([^;]+)/.exec(cookieHeader ?? "")?.[1];
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  // "<identifier>.<signature>": the identifier alone is a random key of a verification row.
  const identifier = value.slice(0, value.lastIndexOf(".") > 0 ? value.lastIndexOf(".") : value.length);
  const [row] = await db
    .select({ userId: staffVerification.value })
    .from(staffVerification)
    .where(eq(staffVerification.identifier, identifier))
    .limit(1);
  return row?.userId ?? null;
}

/** The time step a 6-digit code belongs to for this account (within better-auth's window), or null. */
export async function stepOfCode(auth: StaffAuth, db: Db, userId: string, code: string, now = Date.now()): Promise<number | null> {
  const [row] = await db.select({ secret: staffTwoFactor.secret }).from(staffTwoFactor).where(eq(staffTwoFactor.userId, userId));
  if (!row) return null;
  const ctx = await auth.$context;
  const otp = createOTP(await symmetricDecrypt({ key: ctx.secretConfig, data: row.secret }), { digits: 6, period: PERIOD_S });
  const current = Math.floor(now / (PERIOD_S * 1000));
  for (let step = current + WINDOW; step >= current - WINDOW; step--) if ((await otp.hotp(step)) === code) return step;
  return null;
}

/** Claims a step for the account: true when it is newer than every step accepted before. */
export async function claimStep(db: Db, userId: string, step: number): Promise<boolean> {
  const result = await db.execute(sql`
    insert into staff_totp_steps (user_id, last_step) values (${userId}, ${step})
    on conflict (user_id) do update set last_step = excluded.last_step
    where staff_totp_steps.last_step < excluded.last_step
    returning last_step`);
  const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  return rows.length > 0;
}
