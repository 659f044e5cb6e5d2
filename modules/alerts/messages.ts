/**
 * The words of every alert: one place for what an e-mail, an SMS and a push notification say.
 * Short and plain; an SMS stays within one 160-character GSM segment where it can.
 */
import { ALERT_CHANNELS } from "../../db/schema/enum-values";
import { COOPERATIVE } from "../shared/constants";
import { formatDateWithWeekday, formatTime, manilaParts } from "../shared/dates";
import { INTL_LOCALE, type Locale, localePath } from "../shared/i18n";

export { ALERT_CHANNELS };
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
export const CHANNEL_LABELS: Record<AlertChannel, string> = {
  email: "E-mail",
  sms: "SMS (text message)",
  push: "Notifications in this browser",
};

/** What a delivery is about: an outbox event kind, or the day-before reminder. */
export type AlertReason = "published" | "changed" | "moved" | "extended" | "cancelled" | "finished" | "reminder";

/** Outbox kinds that cause an alert; `ongoing` does not (it is what members already see). */
export const ALERTING_KINDS: readonly AlertReason[] = ["published", "changed", "moved", "extended", "cancelled", "finished"];

export interface AlertInterruption {
  id: number;
  startsAt: Date;
  endsAt: Date;
  /** The circuit, as plain text (staff type it in a rich-text field: loadInterruption strips the markup). */
  circuitToBeOpened: string;
  /** The work done, as plain text. */
  activities?: string;
  /** The work done in Filipino, as plain text, when staff wrote a Filipino version (Filipino subscribers get it). */
  activitiesFil?: string;
  /** The dispatcher's public note with the change, as plain text ("" for none). */
  note?: string;
  /** The areas touched, as the subscriber would name them: "Bani (Poblacion, Tiep)". */
  areas: string;
  /** Planned (announced ahead) or unplanned (the dispatcher's "power off now"); planned when not said. */
  kind?: "planned" | "unplanned";
  /** False when `endsAt` is only the stand-in end of an unplanned outage without an estimate: never shown. */
  endKnown?: boolean;
  /** When the change happened: for "power restored", the time the power came back. */
  at?: Date;
}

export interface AlertMessage {
  subject: string;
  /** Plain text; for e-mail the text part, for push the body. */
  text: string;
}

/** The headline of a planned interruption's alerts: announced ahead, for maintenance. */
const HEADLINES: Record<Locale, Record<AlertReason, string>> = {
  en: {
    published: "Scheduled power interruption",
    changed: "Power interruption changed",
    moved: "Power interruption moved",
    extended: "Power interruption extended",
    cancelled: "Power interruption CANCELLED",
    finished: "Power restored",
    reminder: "Reminder: power interruption tomorrow",
  },
  // Plain Filipino without accents: the same words fit an SMS in GSM-7 (docs/glossary-filipino.md).
  fil: {
    published: "Nakatakdang pagkawala ng kuryente",
    changed: "May binago sa pagkawala ng kuryente",
    moved: "Inilipat ang pagkawala ng kuryente",
    extended: "Pinahaba ang pagkawala ng kuryente",
    cancelled: "KINANSELA ang pagkawala ng kuryente",
    finished: "Bumalik na ang kuryente",
    reminder: "Paalala: pagkawala ng kuryente bukas",
  },
};

/**
 * The headline of an unplanned outage's alerts: the power is already off, so nothing is
 * "scheduled" or "moved"; what changes is the estimate of when it comes back.
 */
const UNPLANNED_HEADLINES: Record<Locale, Record<AlertReason, string>> = {
  en: {
    published: "Power off now",
    changed: "Power outage update",
    moved: "Power outage update",
    extended: "Restoration later than estimated",
    cancelled: "Power outage notice withdrawn",
    finished: "Power restored",
    reminder: "Power off now",
  },
  fil: {
    published: "Walang kuryente ngayon",
    changed: "Balita sa pagkawala ng kuryente",
    moved: "Balita sa pagkawala ng kuryente",
    extended: "Mas matagal bago bumalik ang kuryente",
    cancelled: "Binawi ang abiso sa pagkawala ng kuryente",
    finished: "Bumalik na ang kuryente",
    reminder: "Walang kuryente ngayon",
  },
};

/** The headline of an alert, by the interruption's kind and the change. */
export function alertHeadline(reason: AlertReason, i: Pick<AlertInterruption, "kind">, language: Locale = "en"): string {
  return (i.kind === "unplanned" ? UNPLANNED_HEADLINES : HEADLINES)[language][reason];
}

/** The words around the facts of an alert, per language (GSM-7 only: no accents, no curly quotes). */
const WORDS = {
  en: {
    to: "to",
    when: "When",
    areas: "Areas",
    work: "Work",
    circuit: "Circuit",
    note: "Note",
    details: "Details",
    why: (shortName: string, manage: string) =>
      `You receive this because you subscribed to ${shortName} interruption alerts. Change or stop: ${manage}`,
    stopWord: "STOP to end",
    offSince: "Off since",
    unknownEnd: "restoration time not yet known",
    estimated: "estimated restoration",
    wasOff: "off since",
    smsOff: "since",
    smsEtr: "ETR",
    smsBack: "back",
  },
  fil: {
    to: "hanggang",
    when: "Kailan",
    areas: "Mga lugar",
    work: "Gawain",
    circuit: "Linya",
    note: "Paalala",
    details: "Detalye",
    why: (shortName: string, manage: string) =>
      `Natanggap ninyo ito dahil nagpa-abiso kayo sa ${shortName} tungkol sa pagkawala ng kuryente. Baguhin o itigil: ${manage}`,
    stopWord: "STOP para itigil",
    offSince: "Walang kuryente mula",
    unknownEnd: "hindi pa alam kung kailan babalik",
    estimated: "tantiyang pagbalik",
    wasOff: "nawala mula",
    smsOff: "mula",
    smsEtr: "balik",
    smsBack: "bumalik",
  },
} satisfies Record<Locale, unknown>;

export function interruptionUrl(publicUrl: string, interruptionId: number, language: Locale = "en"): string {
  return `${publicUrl}${localePath(language, "/news/power-interruptions")}#interruption-${interruptionId}`;
}

export function manageUrl(publicUrl: string, token: string, language: Locale = "en"): string {
  return `${publicUrl}${localePath(language, `/alerts/manage/${token}`)}`;
}

/** The work in the subscriber's language: the staff-written Filipino when there is one, else the English. */
const workIn = (i: AlertInterruption, language: Locale) => (language === "fil" && i.activitiesFil) || i.activities || "";

/** "Thursday, March 5, 2026, 9:02 PM"; only the time when `d` is the same Manila day as `sameDayAs`. */
function moment(d: Date, language: Locale, sameDayAs?: Date): string {
  const day = formatDateWithWeekday(d, language);
  return sameDayAs && formatDateWithWeekday(sameDayAs, language) === day ? formatTime(d, language) : `${day}, ${formatTime(d, language)}`;
}

/** "Nov 23 9PM" (or "9:30PM"): the SMS's compact time, GSM-7 only. */
function compactMoment(d: Date, language: Locale, withDay = true): string {
  const s = manilaParts(d);
  const month = new Intl.DateTimeFormat(language === "en" ? "en-US" : INTL_LOCALE[language], {
    month: "short",
    timeZone: "Asia/Manila",
  }).format(d);
  const time = formatTime(d).replace(":00", "").replace(" ", "");
  return toGsm(withDay ? `${month} ${s.day} ${time}` : time);
}

/**
 * When, as the change needs it said: a planned window ("8:00 AM to 5:00 PM"); an unplanned
 * outage from when it went off, with its estimated restoration or plainly without one (a
 * stand-in end is never shown); "power restored" with the time it came back. Long for e-mail and
 * push, short for SMS; and the day the subject names.
 */
function window(reason: AlertReason, i: AlertInterruption, language: Locale): { long: string; short: string; day: Date } {
  const w = WORDS[language];
  const start = i.startsAt;
  if (reason === "finished") {
    const at = i.at ?? i.endsAt;
    return {
      long: `${moment(at, language)} (${w.wasOff} ${moment(start, language, at)})`,
      short: `${w.smsBack} ${compactMoment(at, language)}`,
      day: at,
    };
  }
  if (i.kind === "unplanned") {
    const end = i.endKnown === false ? w.unknownEnd : `${w.estimated} ${moment(i.endsAt, language, start)}`;
    const shortEnd =
      i.endKnown === false ? "" : ` ${w.smsEtr} ${compactMoment(i.endsAt, language, manilaParts(i.endsAt).day !== manilaParts(start).day)}`;
    return {
      long: `${w.offSince} ${moment(start, language)}; ${end}`,
      short: `${w.smsOff} ${compactMoment(start, language)}${shortEnd}`,
      day: start,
    };
  }
  const long = `${formatDateWithWeekday(start, language)}, ${formatTime(start, language)} ${w.to} ${formatTime(i.endsAt, language)}`;
  const compact = (d: Date) => formatTime(d).replace(":00", "").replace(" ", "");
  const s = manilaParts(start);
  const month = new Intl.DateTimeFormat(language === "en" ? "en-US" : INTL_LOCALE[language], {
    month: "short",
    timeZone: "Asia/Manila",
  }).format(start);
  return { long, short: toGsm(`${month} ${s.day} ${compact(start)}-${compact(i.endsAt)}`), day: start };
}

export function alertMessage(
  reason: AlertReason,
  i: AlertInterruption,
  links: { interruption: string; manage: string },
  language: Locale = "en",
): AlertMessage {
  const w = window(reason, i, language);
  const words = WORDS[language];
  const headline = alertHeadline(reason, i, language);
  // "Thursday, March 5": the day, without the year.
  const subject = `${headline}: ${formatDateWithWeekday(w.day, language).split(",").slice(0, 2).join(",")}`;
  const lines = [
    `${headline}.`,
    "",
    `${words.when}: ${w.long}`,
    `${words.areas}: ${i.areas}`,
    workIn(i, language) ? `${words.work}: ${workIn(i, language)}` : "",
    i.circuitToBeOpened ? `${words.circuit}: ${i.circuitToBeOpened}` : "",
    i.note ? `${words.note}: ${i.note}` : "",
    "",
    `${words.details}: ${links.interruption}`,
    "",
    words.why(COOPERATIVE.shortName, links.manage),
  ].filter((l, n, all) => l !== "" || all[n - 1] !== "");
  return { subject, text: lines.join("\n") };
}

/**
 * One GSM segment where possible: headline, window, areas (cut), then the stop word. The work
 * and the dispatcher's note follow the areas when there is any, within two segments (306
 * characters), in GSM-7 characters only.
 */
export function alertSms(reason: AlertReason, i: AlertInterruption, shortLink: string, language: Locale = "en"): string {
  const w = window(reason, i, language);
  const words = WORDS[language];
  const head = `${COOPERATIVE.shortName}: ${alertHeadline(reason, i, language)} ${w.short}`;
  const tail = ` ${shortLink} ${words.stopWord}`;
  const work = toGsm(workIn(i, language));
  const extra = [work ? `${words.work}: ${work}` : "", i.note ? `${words.note}: ${toGsm(i.note)}` : ""].filter(Boolean).join(" ");
  const limit = extra ? 306 : 160;
  const cut = (text: string, room: number) => (text.length <= room ? text : `${text.slice(0, Math.max(0, room - 3))}...`);
  const areas = cut(toGsm(i.areas), 160 - head.length - tail.length - 1);
  const rest = extra ? ` ${cut(extra, limit - head.length - areas.length - tail.length - 2)}` : "";
  return `${head} ${areas}${rest}${tail}`;
}

/**
 * Staff text in the GSM-7 basic set: typographic quotes and dashes become plain ones, a letter
 * with an accent GSM-7 lacks loses the accent (Filipino "kumustá", "pô" → "kumusta", "po"; "ñ"
 * and "é" are GSM-7 and stay), anything else outside it goes. So a staff-written text never
 * turns an SMS into UCS-2 (70 characters a segment).
 */
export function toGsm(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201F\u2033]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/\s+/g, " ")
    .split("")
    .map((c) => (GSM.test(c) ? c : c.normalize("NFD").replace(/\p{M}/gu, "")))
    .join("")
    .split("")
    .filter((c) => GSM.test(c) && !/[\^{}\\[~\]|€]/.test(c))
    .join("")
    .trim();
}

/** The push notification: a title and one or two lines, opening the interruption page. */
export function alertPush(
  reason: AlertReason,
  i: AlertInterruption,
  url: string,
  language: Locale = "en",
): { title: string; body: string; url: string; tag: string } {
  const w = window(reason, i, language);
  return {
    title: alertHeadline(reason, i, language),
    body: `${w.long}. ${i.areas}${i.note ? `. ${i.note}` : ""}`,
    url,
    tag: `interruption-${i.id}`,
  };
}

/** Consent, word for word, stored with its time (Data Privacy Act). */
export const CONSENT_TEXT =
  `I agree that ${COOPERATIVE.name} may keep my e-mail address, mobile number or browser notification address and the areas I chose, ` +
  "only to send me power interruption alerts for those areas, until I stop them with the link in any message or by replying STOP to an SMS.";

/** The consent in each interface language: a member agrees to the words they read, and those words are stored. */
export const CONSENT_TEXTS: Record<Locale, string> = {
  en: CONSENT_TEXT,
  fil:
    `Pumapayag ako na itago ng ${COOPERATIVE.name} ang aking e-mail address, numero ng mobile o address ng notification sa browser at ang mga lugar na pinili ko, ` +
    "para lang padalhan ako ng abiso sa pagkawala ng kuryente sa mga lugar na iyon, hanggang itigil ko ito sa link sa alinmang mensahe o sa pag-reply ng STOP sa isang SMS.",
};

/**
 * The SMS confirmation (NTC memorandum circulars 03-03-2005 and 07-08-2018): names the
 * service, says how often messages come, that they are free, and how to stop.
 */
export function smsConfirmationText(code: string, language: Locale = "en"): string {
  return language === "fil"
    ? `${COOPERATIVE.shortName} abiso sa brownout: ang code ninyo ay ${code} (10 min). Libre; kapag may pagkawala ng kuryente lang sa lugar ninyo. Reply STOP para itigil.`
    : `${COOPERATIVE.shortName} outage alerts: your code is ${code} (10 min). Free; only when an interruption affects your area. Reply STOP to end.`;
}

export function smsStoppedText(language: Locale = "en"): string {
  return language === "fil"
    ? `Itinigil na ang ${COOPERATIVE.shortName} abiso sa brownout. Wala na kayong matatanggap na mensahe. Puwede ulit magpa-abiso sa aming website.`
    : `${COOPERATIVE.shortName} outage alerts stopped. You will get no more messages. Subscribe again any time on our website.`;
}

export function confirmEmailMessage(link: string, language: Locale = "en"): AlertMessage {
  if (language === "fil")
    return {
      subject: `Kumpirmahin ang inyong abiso mula sa ${COOPERATIVE.shortName} tungkol sa pagkawala ng kuryente`,
      text: [
        `May humiling (sana kayo) ng abiso mula sa ${COOPERATIVE.shortName} tungkol sa pagkawala ng kuryente sa address na ito.`,
        "",
        `Para kumpirmahin, buksan ang link na ito sa loob ng 48 oras: ${link}`,
        "",
        "Wala kaming ipapadala hangga't hindi ninyo kinukumpirma. Kung hindi kayo ito, huwag pansinin ang e-mail na ito.",
      ].join("\n"),
    };
  return {
    subject: `Confirm your ${COOPERATIVE.shortName} interruption alerts`,
    text: [
      `Someone (we hope you) asked for ${COOPERATIVE.shortName} power interruption alerts at this address.`,
      "",
      `To confirm, open this link within 48 hours: ${link}`,
      "",
      "Nothing will be sent to you unless you confirm. If this was not you, ignore this e-mail.",
    ].join("\n"),
  };
}

/** Characters that fit a GSM 03.38 segment (basic set; the extension set costs two). */
const GSM = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~\]|€]*$/;
export function isSingleGsmSegment(text: string): boolean {
  if (!GSM.test(text)) return false;
  const extended = (text.match(/[\^{}\\[~\]|€]/g) ?? []).length;
  return text.length + extended <= 160;
}
