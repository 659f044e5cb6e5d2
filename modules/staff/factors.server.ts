/**
 * Second factors of one account as the console shows them: the TOTP app (and the QR code of
 * a set-up that waits for its first code), and the passkeys.
 */

import { createOTP } from "@better-auth/utils/otp";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, asc, eq } from "drizzle-orm";
import QRCode from "qrcode";
import type { Db } from "../../db/client";
import { staffPasskey, staffTwoFactor } from "../../db/schema";
import { type StaffAuth, TOTP_ISSUER } from "./auth.server";

export interface Factors {
  totp: "none" | "pending" | "on";
  passkeys: { id: string; name: string; createdAt: Date | null }[];
}

export async function factorsOf(db: Db, userId: string): Promise<Factors> {
  const [totp] = await db.select({ verified: staffTwoFactor.verified }).from(staffTwoFactor).where(eq(staffTwoFactor.userId, userId));
  const passkeys = await db
    .select({ id: staffPasskey.id, name: staffPasskey.name, createdAt: staffPasskey.createdAt })
    .from(staffPasskey)
    .where(eq(staffPasskey.userId, userId))
    .orderBy(asc(staffPasskey.createdAt));
  return {
    totp: !totp ? "none" : totp.verified ? "on" : "pending",
    passkeys: passkeys.map((p) => ({ id: p.id, name: p.name || "Passkey", createdAt: p.createdAt })),
  };
}

/**
 * The set-up that waits for its first code: the otpauth URI as a QR code (SVG, drawn on the
 * server) and the secret for typing by hand. Read back from the encrypted row, so a wrong
 * first code does not lose the QR code.
 */
export async function pendingTotp(auth: StaffAuth, db: Db, user: { id: string; email: string }) {
  const [row] = await db
    .select({ secret: staffTwoFactor.secret })
    .from(staffTwoFactor)
    .where(and(eq(staffTwoFactor.userId, user.id), eq(staffTwoFactor.verified, false)));
  if (!row) return null;
  const ctx = await auth.$context;
  const secret = await symmetricDecrypt({ key: ctx.secretConfig, data: row.secret });
  const uri = createOTP(secret, { digits: 6 }).url(TOTP_ISSUER, user.email);
  const base32 = new URL(uri).searchParams.get("secret") ?? "";
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { uri, svg, secret: base32.replace(/(.{4})/g, "$1 ").trim() };
}
