/**
 * AGAM words that only the server says: the second factor's refusals and prompts
 * (app/routes/agam/second-factor.server.ts) and the confirmation-link page, which has no script.
 * Apart from app/messages/agam.ts so that the pages with a script do not ship them.
 */
import { defineMessages } from "../../modules/shared/i18n";

export const agamServerMessages = defineMessages({
  en: {
    "agam.factor.sent": (p: { to: string }) => `We sent a 6-digit code to ${p.to}. It is valid for 10 minutes.`,
    "agam.factor.enterCode": "Enter the 6-digit code from the text message",
    "agam.factor.enterPin": "Enter the registration PIN printed on your AGAM notice",
    "agam.fail.no_phone":
      "We cannot send a code to this account. Use the registration PIN on your AGAM notice, or register at your area office.",
    "agam.fail.no_pin": "No registration PIN was issued for this account. Ask for a code by text message, or register at your area office.",
    "agam.fail.expired": "That code has expired or was never sent. Ask for a new code.",
    "agam.fail.suspended":
      "Too many wrong codes and PINs in a row: this account is locked until member services unlock it. Please call or visit your area office.",
    "agam.fail.wrong": (p: { triesLeft: number }) =>
      `That is not the right code or PIN. ${p.triesLeft} ${p.triesLeft === 1 ? "try" : "tries"} left.`,
    "agam.fail.locked": (p: { minutes: number }) =>
      `Too many wrong tries. Please try again in ${p.minutes} minutes, or register at your area office.`,
    "agam.fail.wait": (p: { seconds: number }) => `A code was just sent. You can ask for another in ${p.seconds} seconds.`,
    "agam.link.notFound": "Link not found",
    "agam.link.text":
      "This confirmation link is not valid. Open the link from your text message as it was sent, or see your confirmation with your account number and a code or PIN.",
  },
  fil: {
    "agam.factor.sent": (p: { to: string }) => `Nagpadala kami ng 6-digit na code sa ${p.to}. May bisa ito nang 10 minuto.`,
    "agam.factor.enterCode": "Ilagay ang 6-digit na code mula sa text",
    "agam.factor.enterPin": "Ilagay ang PIN sa pagpaparehistro na nakalimbag sa inyong AGAM notice",
    "agam.fail.no_phone":
      "Hindi kami makapagpadala ng code sa account na ito. Gamitin ang PIN sa pagpaparehistro na nasa inyong AGAM notice, o magparehistro sa inyong area office.",
    "agam.fail.no_pin":
      "Walang PIN sa pagpaparehistro na ibinigay para sa account na ito. Humingi ng code sa text, o magparehistro sa inyong area office.",
    "agam.fail.expired": "Nag-expire na o hindi naipadala ang code na iyan. Humingi ng bagong code.",
    "agam.fail.suspended":
      "Napakaraming sunod-sunod na maling code at PIN: naka-lock ang account na ito hanggang buksan ng member services. Tumawag o pumunta sa inyong area office.",
    "agam.fail.wrong": (p: { triesLeft: number }) => `Mali ang code o PIN. ${p.triesLeft} subok pa ang natitira.`,
    "agam.fail.locked": (p: { minutes: number }) =>
      `Napakaraming maling subok. Subukang muli pagkalipas ng ${p.minutes} minuto, o magparehistro sa inyong area office.`,
    "agam.fail.wait": (p: { seconds: number }) =>
      `Kapapadala lang ng code. Maaari kayong humingi ng bago pagkalipas ng ${p.seconds} segundo.`,
    "agam.link.notFound": "Hindi nahanap ang link",
    "agam.link.text":
      "Hindi valid ang confirmation link na ito. Buksan ang link mula sa inyong text nang buo, gaya ng pagkakapadala, o tingnan ang inyong kumpirmasyon gamit ang numero ng account at isang code o PIN.",
  },
});

/** The words of each second-factor refusal (modules/agam/second-factor.server.ts's reasons). */
export const FACTOR_FAILURE_KEYS = {
  no_phone: "agam.fail.no_phone",
  no_pin: "agam.fail.no_pin",
  expired: "agam.fail.expired",
  suspended: "agam.fail.suspended",
} as const;
