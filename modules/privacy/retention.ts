/**
 * How long each kind of personal data is kept (Republic Act 10173: no longer than needed
 * for its purpose). Set in the environment (server/config.ts), defaults in the README; the
 * daily purge (modules/privacy/personal-data.server.ts) and the privacy policy page read the same values.
 */
import type { Locale } from "../shared/i18n";

export interface RetentionPolicy {
  /** Survey answers: names and contacts removed after this many days (the ratings stay for the statistics). */
  surveyDays: number;
  /** New-connection pre-registrations: deleted this many days after the last change. */
  preregistrationDays: number;
  /** AGAM registrations: anonymized this many days after the assembly they were for. */
  agamDaysAfterAssembly: number;
  /** The next (or last) assembly's date, Manila, "YYYY-MM-DD"; null when not set (no AGAM registration expires). */
  assemblyDate: string | null;
}

export const DEFAULT_RETENTION: RetentionPolicy = {
  surveyDays: 730,
  preregistrationDays: 365,
  agamDaysAfterAssembly: 365,
  assemblyDate: null,
};

export interface RetentionLine {
  kind: string;
  what: string;
  why: string;
  howLong: string;
}

const years = (days: number) => (days % 365 === 0 ? `${days / 365} year${days === 365 ? "" : "s"}` : `${days} day${days === 1 ? "" : "s"}`);
const taon = (days: number) => (days % 365 === 0 ? `${days / 365} taon` : `${days} araw`);

/** What the privacy policy page lists: what is kept, why, and for how long, in the page's language (both say the same). */
export function retentionLines(policy: RetentionPolicy, locale: Locale = "en"): RetentionLine[] {
  if (locale === "fil")
    return [
      {
        kind: "Survey sa kasiyahan ng member-consumer",
        what: "Ang inyong numero ng account, pangalan, pangalan ng sumagot, bayan, e-mail, numero ng telepono, mga marka at mungkahi.",
        why: "Para masukat at mapabuti ang aming serbisyo, at para masagot kayo kapag may hiniling kayo.",
        howLong: `${taon(policy.surveyDays)} mula nang sumagot kayo; pagkatapos nito, binubura ang inyong pangalan, mga contact, numero ng account at mga mungkahi, at ang mga marka at bayan na lamang ang naiiwan, para sa estadistika.`,
      },
      {
        kind: "Pre-registration para sa bagong koneksyon ng kuryente",
        what: "Ang inyong pangalan, address, petsa ng kapanganakan, mga numero ng telepono at ang iba pang detalye sa form.",
        why: "Para maproseso ang inyong aplikasyon para sa bagong koneksyon.",
        howLong: `Habang aktibo ang inyong aplikasyon; ${taon(policy.preregistrationDays)} mula sa huling pagbabago nito kung ito ay tinanggihan o hindi na itinuloy.`,
      },
      {
        kind: "Pagpaparehistro sa AGAM",
        what: "Ang inyong numero ng account, ang telepono at e-mail na ibinigay ninyo, kung kailan kayo nagparehistro, at ang inyong pasya at dahilan sa bawat paksa.",
        why: "Para mabilang ang quorum at ang mga pasya ng mga miyembro para sa Annual General Membership Assembly.",
        howLong: `Hanggang sa assembly${policy.assemblyDate ? ` (${policy.assemblyDate})` : ""} at ${taon(policy.agamDaysAfterAssembly)} pa; pagkatapos nito, inihihiwalay ang inyong pangalan sa inyong mga boto, na mananatili sa bilangan nang walang anumang makapagtutukoy sa inyo.`,
      },
    ];
  return [
    {
      kind: "Customer satisfaction survey",
      what: "Your account number, name, the respondent's name, town, e-mail, contact number, ratings and suggestions.",
      why: "To measure and improve our service, and to reply to you when you ask.",
      howLong: `${years(policy.surveyDays)} after you answer; then your name, contacts, account number and suggestions are removed and only the ratings and town stay, for statistics.`,
    },
    {
      kind: "New service connection pre-registration",
      what: "Your name, address, birth date, contact numbers and the other details on the form.",
      why: "To process your application for a new connection.",
      howLong: `While your application is active; ${years(policy.preregistrationDays)} after its last change when it was declined or abandoned.`,
    },
    {
      kind: "AGAM registration",
      what: "Your account number, the phone and e-mail you gave, when you registered, and your decision and reason on each topic.",
      why: "To count the quorum and the members' decisions for the Annual General Membership Assembly.",
      howLong: `Until the assembly${policy.assemblyDate ? ` (${policy.assemblyDate})` : ""} plus ${years(policy.agamDaysAfterAssembly)}; then your name is separated from your votes, which stay in the tally without anything that identifies you.`,
    },
  ];
}
