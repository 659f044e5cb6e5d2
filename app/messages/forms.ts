/** What every public form shares: the error summary, the account number field, the captcha. */
import { defineMessages } from "../../modules/shared/i18n";

export const formMessages = defineMessages({
  en: {
    "form.problem": "There is a problem",
    "form.error": "Error: ",
    "form.account": "Account number",
    "form.account.hint": (p: { example: string }) =>
      `The 10 digits printed on your bill, for example ${p.example}; dashes and spaces are optional.`,
    "form.mobile.hint": (p: { example: string }) => `A Philippine mobile number, for example ${p.example}`,
    "form.captcha": "Captcha",
    "form.captcha.pending": "The robot check appears here when you start filling in the form.",
    "form.captcha.missing": "Please tick the box “I'm not a robot” and wait for the check to finish.",
    "form.captcha.invalid": "The captcha could not be verified. Please tick the box again.",
    "form.captcha.expired": "The captcha has expired. Please tick the box again.",
    "form.captcha.replayed": "That captcha was already used. Please tick the box again.",
    "form.captcha.down": "We could not check the captcha just now. Please try again in a minute.",
  },
  fil: {
    "form.problem": "May kailangang ayusin",
    "form.error": "Mali: ",
    "form.account": "Numero ng account",
    "form.account.hint": (p: { example: string }) =>
      `Ang 10 numerong nakasulat sa inyong bill, halimbawa ${p.example}; puwedeng may gitling o espasyo, o wala.`,
    "form.mobile.hint": (p: { example: string }) => `Numero ng mobile sa Pilipinas, halimbawa ${p.example}`,
    "form.captcha": "Captcha",
    "form.captcha.pending": "Lalabas dito ang pagsusuri laban sa robot kapag nagsimula na kayong magsagot sa form.",
    "form.captcha.missing": "Pakilagyan ng tsek ang kahong “Hindi ako robot” at hintaying matapos ang pagsusuri.",
    "form.captcha.invalid": "Hindi ma-verify ang captcha. Pakilagyan muli ng tsek ang kahon.",
    "form.captcha.expired": "Nag-expire na ang captcha. Pakilagyan muli ng tsek ang kahon.",
    "form.captcha.replayed": "Nagamit na ang captchang iyon. Pakilagyan muli ng tsek ang kahon.",
    "form.captcha.down": "Hindi namin masuri ang captcha ngayon. Pakisubukan muli pagkalipas ng isang minuto.",
  },
});

/**
 * The captcha widget's own words in Filipino, every key of ALTCHA's English pack (ALTCHA has
 * no Filipino one). ALTCHA 3 reads its words from its language store by the widget's
 * `language`, not from an attribute: CaptchaField adds these as "fil" when the widget loads.
 * The footer is markup as ALTCHA's own: its name stays, linked as ALTCHA links it.
 */
export const CAPTCHA_WIDGET_FIL = {
  ariaLinkLabel: "Altcha (opisyal na website)",
  cancel: "Kanselahin",
  enterCode: "Ilagay ang code",
  enterCodeAria: "Ilagay ang code na maririnig ninyo. Pindutin ang Space para marinig ito.",
  enterCodeFromImage: "Para magpatuloy, ilagay ang code na nasa larawan sa ibaba.",
  error: "Hindi natapos ang pagsusuri. Subukan muli mamaya.",
  expired: "Nag-expire ang pagsusuri. Subukan muli.",
  footer:
    'Pinoprotektahan ng <a href="https://altcha.org/" tabindex="-1" target="_blank" aria-label="Altcha (opisyal na website)">ALTCHA</a>',
  getAudioChallenge: "Pakinggan ang code",
  label: "Hindi ako robot",
  loading: "Naglo-load...",
  reload: "I-reload",
  verify: "I-verify",
  verificationRequired: "Kailangan munang ma-verify!",
  verified: "Na-verify na",
  verifying: "Sinusuri...",
  waitAlert: "Sinusuri... pakihintay.",
};
