/**
 * The second factor's form steps, shared by the registration page and the confirmation
 * page: send a code, check a code, check a PIN. Answers the proof, or what the verify
 * view shows next (with its HTTP status).
 */

import { z } from "zod";
import type { Db } from "../../../db/client";
import { checkSecondFactor, type SendText, secondFactorMessage, sendCode } from "../../../modules/agam/second-factor.server";
import type { StatusMessage } from "./registration-flow";

/** The fields the second factor's buttons post (read with readForm). */
export const secondFactorFields = z.object({
  intent: z.enum(["send-code", "check-code", "check-pin"]),
  code: z.string().trim(),
  pin: z.string().trim(),
});
export type SecondFactorInput = z.output<typeof secondFactorFields>;

export type VerifyStep = { message: StatusMessage; codeSent: boolean; errors: { code?: string; pin?: string }; status: number };

export async function secondFactorStep(
  db: Db,
  send: SendText | undefined,
  account: string,
  { intent, code, pin }: SecondFactorInput,
): Promise<{ proof: string } | VerifyStep> {
  if (intent === "send-code") {
    const sent = await sendCode(db, account, { send });
    if (!sent.ok)
      return {
        message: { kind: "error", text: secondFactorMessage(sent) },
        codeSent: sent.reason === "wait",
        errors: {},
        status: sent.reason === "wait" || sent.reason === "locked" ? 429 : 422,
      };
    return {
      codeSent: true,
      errors: {},
      message: { kind: "success", text: `We sent a 6-digit code to ${sent.sentTo}. It is valid for 10 minutes.` },
      status: 200,
    };
  }
  const field = intent === "check-code" ? "code" : "pin";
  const given = (field === "code" ? code : pin).slice(0, 12);
  if (!/^\d{4,12}$/.test(given)) {
    const text =
      field === "code" ? "Enter the 6-digit code from the text message" : "Enter the registration PIN printed on your AGAM notice";
    return { codeSent: field === "code", errors: { [field]: text }, message: { kind: "error", text }, status: 422 };
  }
  const checked = await checkSecondFactor(db, account, field === "code" ? { code: given } : { pin: given });
  if (checked.ok) return { proof: checked.proof };
  const text = secondFactorMessage(checked);
  return {
    codeSent: field === "code",
    errors: { [field]: text },
    message: { kind: "error", text },
    status: checked.reason === "locked" ? 429 : 422,
  };
}
