/**
 * The second factor's form steps, shared by the registration page and the confirmation
 * page: send a code, check a code, check a PIN. Answers the proof, or what the verify
 * view shows next (with its HTTP status).
 */

import { z } from "zod";
import type { Db } from "../../../db/client";
import { checkSecondFactor, type Failure, type SendText, sendCode } from "../../../modules/agam/second-factor.server";
import type { NoticeMailer } from "../../../modules/shared/factor-lock.server";
import { type Locale, translator } from "../../../modules/shared/i18n";
import { agamMessages } from "../../messages/agam";
import { agamServerMessages, FACTOR_FAILURE_KEYS } from "../../messages/agam-server";
import type { StatusMessage } from "./registration-flow";

/** What a refusal tells the member, in the page's language (the API keeps secondFactorMessage). */
export function factorFailureText(failure: Failure, locale: Locale): string {
  const t = translator(agamMessages, locale);
  const x = translator(agamServerMessages, locale);
  switch (failure.reason) {
    case "unknown_account":
      return t("agam.msg.notExist");
    case "wrong":
      return x("agam.fail.wrong", { triesLeft: failure.triesLeft });
    case "locked":
      return x("agam.fail.locked", { minutes: Math.max(1, Math.ceil(failure.retryAfterSeconds / 60)) });
    case "wait":
      return x("agam.fail.wait", { seconds: failure.retryAfterSeconds });
    default:
      return x(FACTOR_FAILURE_KEYS[failure.reason]);
  }
}

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
  locale: Locale = "en",
  mail?: NoticeMailer | null,
): Promise<{ proof: string } | VerifyStep> {
  const t = translator(agamMessages, locale);
  const x = translator(agamServerMessages, locale);
  if (intent === "send-code") {
    const sent = await sendCode(db, account, { send, language: locale });
    if (!sent.ok)
      return {
        message: { kind: "error", text: factorFailureText(sent, locale) },
        codeSent: sent.reason === "wait",
        errors: {},
        status: sent.reason === "wait" || sent.reason === "locked" ? 429 : 422,
      };
    return {
      codeSent: true,
      errors: {},
      message: { kind: "success", text: x("agam.factor.sent", { to: sent.sentTo }) },
      status: 200,
    };
  }
  const field = intent === "check-code" ? "code" : "pin";
  const given = (field === "code" ? code : pin).slice(0, 12);
  if (!/^\d{4,12}$/.test(given)) {
    const text = field === "code" ? x("agam.factor.enterCode") : x("agam.factor.enterPin");
    return { codeSent: field === "code", errors: { [field]: text }, message: { kind: "error", text }, status: 422 };
  }
  const checked = await checkSecondFactor(db, account, field === "code" ? { code: given } : { pin: given }, {
    send,
    mail,
    language: locale,
  });
  if (checked.ok) return { proof: checked.proof };
  const text = factorFailureText(checked, locale);
  return {
    codeSent: field === "code",
    errors: { [field]: text },
    message: { kind: "error", text },
    status: checked.reason === "locked" ? 429 : 422,
  };
}
