/**
 * Every SMS the site sends (alerts and the member portal's codes), in each interface language, stays in GSM-7 and within two
 * segments, with realistic long values (a town's many barangays, a long dispatcher's note
 * typed with accents and curly quotes). Counted by the same counter as the staff cost preview.
 */
import { describe, expect, it } from "vitest";
import { codeMessage } from "../portal/messages";
import { LOCALES } from "../shared/i18n";
import { smsSegments } from "./cost";
import { ALERTING_KINDS, type AlertReason, alertSms, smsConfirmationText, smsStoppedText } from "./messages";

const manila = (iso: string) => new Date(`${iso}+08:00`);
// September: the longest month name in Filipino ("Setyembre"); a two-digit day and hours.
const long = {
  id: 123456,
  startsAt: manila("2026-09-28T10:30:00"),
  endsAt: manila("2026-09-29T12:30:00"),
  circuitToBeOpened: "Bolinao Substation Feeder 2 (Germinal to Luciente II)",
  areas:
    "Bolinao (Germinal, Patar, Victory, Luciente I, Luciente II, Lucero, Ilog-Malino, Balingasay, Concordia, Estanza, Dewey, Arnedo, Catungi, Pilar, Zaragosa)",
  activities: "Pagpapalit ng bulok na poste at pag-aayos ng linya sa kahabaan ng pambansang daan — “mag-ingat po”",
  note: "Inilipat sa susunod na linggo dahil ang mga tauhan ay nasa tungkulin sa bagyo; ipapaalam namin ang bagong petsa sa lalong madaling panahon. Salamat sa pag-unawa — “Pasensiya na po” ".repeat(
    3,
  ),
};
const reasons: AlertReason[] = [...ALERTING_KINDS, "reminder"];

describe("SMS templates: GSM-7, at most two segments, in every language", () => {
  for (const language of LOCALES) {
    it(`${language}: every alert, the codes (alerts and member portal) and the stop acknowledgement`, () => {
      const texts: [string, string][] = [
        ...reasons.flatMap((reason) => [
          [`${reason} (long)`, alertSms(reason, long, "https://wespeco.example.ph/fil/news/power-interruptions", language)] as [
            string,
            string,
          ],
          [
            `${reason} (no work, no note)`,
            alertSms(reason, { ...long, activities: "", note: "" }, "https://wespeco.example.ph/fil/news/power-interruptions", language),
          ] as [string, string],
        ]),
        ["code", smsConfirmationText("987654", language)],
        ["stopped", smsStoppedText(language)],
        // The member portal's codes (modules/portal/messages.ts), with an account number as long as any.
        ...(["sign-in", "close", "passkey"] as const).map((kind) => [`portal ${kind}`, codeMessage("987654", { kind }, language).text]),
        ...(["link", "confirm-contact"] as const).map((kind) => [
          `portal ${kind}`,
          codeMessage("987654", { kind, account: "09-9999-9999" }, language).text,
        ]),
      ] as [string, string][];
      for (const [name, text] of texts) {
        const count = smsSegments(text);
        expect(count.encoding, `${language} ${name}: ${text}`).toBe("GSM-7");
        expect(count.segments, `${language} ${name}: ${text}`).toBeLessThanOrEqual(2);
        // Without the work and the note an alert is one segment, as in English.
        if (name.endsWith("(no work, no note)")) expect(count.segments, `${language} ${name}: ${text}`).toBe(1);
      }
      console.info(`[figure] ${language}: ${texts.map(([n, t]) => `${n} ${smsSegments(t).length}`).join("; ")}`);
    });
  }

  it("Filipino alerts say the Filipino headline and stop word, English ones the English", () => {
    const fil = alertSms("cancelled", long, "https://x/fil/news/power-interruptions", "fil");
    expect(fil).toMatch(/^WESPECO: KINANSELA ang pagkawala ng kuryente Set 28 /);
    expect(fil).toMatch(/STOP para itigil$/);
    expect(alertSms("cancelled", long, "https://x/news/power-interruptions", "en")).toMatch(
      /^WESPECO: Power interruption CANCELLED Sep 28 /,
    );
  });

  it("a Filipino subscriber gets the staff-written Filipino work; accents GSM-7 lacks are dropped from the letter, not the letter; still at most two segments", () => {
    // Staff typed the Filipino with the accents of careful writing (á, ô, í are not GSM-7; ñ is).
    const withFil = {
      ...long,
      activities: "Replacing a rotten pole and line repairs along the national road",
      activitiesFil: "Pagpapalít ng bulók na poste at pag-aayos ng linya sa Bañaga — “mag-ingat pô”",
    };
    for (const reason of reasons) {
      const fil = alertSms(reason, withFil, "https://wespeco.example.ph/fil/news/power-interruptions", "fil");
      const count = smsSegments(fil);
      expect(count.encoding, fil).toBe("GSM-7");
      expect(count.segments, fil).toBeLessThanOrEqual(2);
    }
    const fil = alertSms("published", { ...withFil, note: "" }, "https://x/fil/news/power-interruptions", "fil");
    expect(fil).toContain('Pagpapalit ng bulok na poste at pag-aayos ng linya sa Bañaga - "mag-ingat po"');
    expect(fil).not.toContain("Replacing");
    const en = alertSms("published", { ...withFil, note: "" }, "https://x/news/power-interruptions", "en");
    expect(en).toContain("Replacing a rotten pole");
    expect(en).not.toContain("Pagpapalit");
    // Without a Filipino version the Filipino subscriber reads the English work, as before.
    expect(alertSms("published", { ...withFil, activitiesFil: "", note: "" }, "https://x/fil", "fil")).toContain("Replacing a rotten pole");
  });
});
