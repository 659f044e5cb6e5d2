import { describe, expect, it } from "vitest";
import { alertMessage, alertPush, alertSms, isSingleGsmSegment, smsConfirmationText } from "./messages";
import { smsSendAt, tomorrowInManila } from "./quiet-hours";

const manila = (iso: string) => new Date(`${iso}+08:00`);
const interruption = {
  id: 7,
  startsAt: manila("2026-03-05T08:00:00"),
  endsAt: manila("2026-03-05T17:00:00"),
  circuitToBeOpened: "Bani Feeder 2",
  areas: "Bani (Poblacion, Tiep, Colayo)",
};

describe("alert messages", () => {
  it("an SMS fits one GSM segment and names the window, the areas and STOP", () => {
    const text = alertSms("published", interruption, "https://wespeco.example.ph/news/power-interruptions");
    expect(isSingleGsmSegment(text)).toBe(true);
    expect(text).toContain("Mar 5 8AM-5PM");
    expect(text).toContain("Bani (Poblacion");
    expect(text).toMatch(/STOP to end$/);
    const long = alertSms(
      "moved",
      {
        ...interruption,
        areas: "Bolinao (".concat("Germinal, Patar, Victory, Luciente I, Luciente II, Lucero, Ilog-Malino, Balingasay, Concordia)"),
      },
      "https://wespeco.example.ph/news/power-interruptions",
    );
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toContain("...");
  });

  it("the SMS confirmation follows the NTC rules: service, frequency, free, how to stop, in one segment", () => {
    const text = smsConfirmationText("123456");
    expect(text).toMatch(/WESPECO outage alerts/);
    expect(text).toMatch(/only when an interruption affects your area/);
    expect(text).toMatch(/Free/);
    expect(text).toMatch(/Reply STOP/);
    expect(isSingleGsmSegment(text)).toBe(true);
  });

  it("an e-mail says the date, window, areas, circuit and both links in plain text", () => {
    const m = alertMessage("cancelled", interruption, {
      interruption: "https://x/news/power-interruptions#interruption-7",
      manage: "https://x/alerts/manage/abc",
    });
    expect(m.subject).toBe("Power interruption CANCELLED: Thursday, March 5");
    expect(m.text).toContain("When: Thursday, March 5, 2026, 8:00 AM to 5:00 PM");
    expect(m.text).toContain("Circuit: Bani Feeder 2");
    expect(m.text).toContain("Change or stop: https://x/alerts/manage/abc");
  });
});

describe("staff text in alerts", () => {
  const withWork = {
    ...interruption,
    circuitToBeOpened: "Anda Substation Feeder 1",
    activities: "Replacement of a rotten pole along the national road",
    note: "Crew on site; power back by 3 PM “if the rain stops”",
  };
  it("an e-mail carries the work and the dispatcher's note as words", () => {
    const m = alertMessage("changed", withWork, { interruption: "https://x/i", manage: "https://x/m" });
    expect(m.text).toContain("Work: Replacement of a rotten pole along the national road");
    expect(m.text).toContain("Circuit: Anda Substation Feeder 1");
    expect(m.text).toContain("Note: Crew on site; power back by 3 PM “if the rain stops”");
    expect(m.text).not.toMatch(/<\/?[a-z]/i);
  });
  it("an SMS adds the work and the note within two segments of GSM-7 characters", () => {
    const text = alertSms("changed", withWork, "https://wespeco.example.ph/news/power-interruptions");
    expect(text).toContain("Work: Replacement of a rotten pole");
    expect(text).toContain('Note: Crew on site; power back by 3 PM "if the rain stops"');
    expect(text.length).toBeLessThanOrEqual(306);
    expect(text).toMatch(/STOP to end$/);
    expect(isSingleGsmSegment(text.slice(0, 150))).toBe(true);
    const long = alertSms("changed", { ...withWork, note: "x".repeat(400) }, "https://wespeco.example.ph/news/power-interruptions");
    expect(long.length).toBeLessThanOrEqual(306);
    expect(long).toMatch(/\.\.\. https:.* STOP to end$/);
  });
});

describe("quiet hours (21:00 to 07:00 Manila)", () => {
  const starts = manila("2026-03-06T08:00:00");
  it("sends at once during the day", () => {
    const now = manila("2026-03-05T14:00:00");
    expect(smsSendAt(now, "published", starts)).toEqual(now);
  });
  it("holds a new announcement at night until 07:00", () => {
    expect(smsSendAt(manila("2026-03-05T22:30:00"), "published", starts)).toEqual(manila("2026-03-06T07:00:00"));
    expect(smsSendAt(manila("2026-03-06T03:00:00"), "published", starts)).toEqual(manila("2026-03-06T07:00:00"));
  });
  it("sends a change at night when the interruption starts within 12 hours, holds one further off", () => {
    const now = manila("2026-03-05T22:30:00");
    expect(smsSendAt(now, "cancelled", starts)).toEqual(now);
    expect(smsSendAt(now, "moved", manila("2026-03-07T08:00:00"))).toEqual(manila("2026-03-06T07:00:00"));
  });
  it("the reminder covers the next Manila calendar day", () => {
    const { from, to } = tomorrowInManila(manila("2026-03-05T18:00:00"));
    expect(from).toEqual(manila("2026-03-06T00:00:00"));
    expect(to).toEqual(manila("2026-03-07T00:00:00"));
  });
});

describe("each kind of outage is described as it is", () => {
  const links = { interruption: "https://x/news/power-interruptions#interruption-9", manage: "https://x/alerts/manage/abc" };
  const planned = { ...interruption, id: 9 };
  // "Power off now" for all of Dasol at 9:02 PM, no estimate: the stored end (1:02 AM) is a stand-in.
  const unplanned = {
    id: 9,
    kind: "unplanned" as const,
    endKnown: false,
    startsAt: manila("2026-03-05T21:02:00"),
    endsAt: manila("2026-03-06T01:02:00"),
    circuitToBeOpened: "To be confirmed",
    areas: "Dasol (whole town)",
  };
  const titles = (reason: Parameters<typeof alertMessage>[0], i: Parameters<typeof alertMessage>[1]) =>
    (["en", "fil"] as const).map((language) => ({
      email: alertMessage(reason, i, links, language).subject,
      sms: alertSms(reason, i, "https://x/n", language),
      push: alertPush(reason, i, links.interruption, language).title,
    }));

  it("planned: 'Scheduled power interruption' / 'Nakatakdang pagkawala ng kuryente', with its window", () => {
    const [en, fil] = titles("published", planned);
    expect(en!.email).toBe("Scheduled power interruption: Thursday, March 5");
    expect(en!.push).toBe("Scheduled power interruption");
    expect(en!.sms).toMatch(/^WESPECO: Scheduled power interruption Mar 5 8AM-5PM /);
    expect(fil!.push).toBe("Nakatakdang pagkawala ng kuryente");
    expect(fil!.email).toMatch(/^Nakatakdang pagkawala ng kuryente: /);
    expect(fil!.sms).toMatch(/^WESPECO: Nakatakdang pagkawala ng kuryente /);
  });

  it("unplanned: 'Power off now' / 'Walang kuryente ngayon', from when it went off, never a stand-in end", () => {
    const [en, fil] = titles("published", unplanned);
    expect(en!.push).toBe("Power off now");
    expect(en!.email).toBe("Power off now: Thursday, March 5");
    expect(en!.sms).toMatch(/^WESPECO: Power off now since Mar 5 9:02PM Dasol/);
    expect(fil!.push).toBe("Walang kuryente ngayon");
    expect(fil!.email).toMatch(/^Walang kuryente ngayon: /);
    const text = alertMessage("published", unplanned, links).text;
    expect(text).toContain("When: Off since Thursday, March 5, 2026, 9:02 PM; restoration time not yet known");
    expect(text).not.toContain("1:02 AM");
    expect(alertMessage("published", unplanned, links, "fil").text).toContain("hindi pa alam kung kailan babalik");
    for (const t of [en!, fil!]) expect(t.sms).not.toContain("1:02");
    // With an estimate, the estimate is said as one.
    const withEtr = alertMessage("published", { ...unplanned, endKnown: true }, links).text;
    expect(withEtr).toContain("When: Off since Thursday, March 5, 2026, 9:02 PM; estimated restoration Friday, March 6, 2026, 1:02 AM");
  });

  it("extended: 'Power interruption extended' (planned) and 'Restoration later than estimated' (unplanned), in both languages", () => {
    const [en, fil] = titles("extended", planned);
    expect(en!.push).toBe("Power interruption extended");
    expect(fil!.push).toBe("Pinahaba ang pagkawala ng kuryente");
    const [uen, ufil] = titles("extended", { ...unplanned, endKnown: true });
    expect(uen!.push).toBe("Restoration later than estimated");
    expect(ufil!.push).toBe("Mas matagal bago bumalik ang kuryente");
    expect(uen!.email).not.toMatch(/moved/i);
  });

  it("restored: 'Power restored' / 'Bumalik na ang kuryente' with the time it came back, not the window", () => {
    const restored = { ...unplanned, at: manila("2026-03-05T23:40:00") };
    const [en, fil] = titles("finished", restored);
    expect(en!.push).toBe("Power restored");
    expect(fil!.push).toBe("Bumalik na ang kuryente");
    expect(en!.sms).toMatch(/^WESPECO: Power restored back Mar 5 11:40PM /);
    const text = alertMessage("finished", restored, links).text;
    expect(text).toContain("When: Thursday, March 5, 2026, 11:40 PM (off since 9:02 PM)");
    expect(text).not.toMatch(/to 1:02 AM|1:02 AM/);
    expect(alertMessage("finished", restored, links, "fil").text).toContain("(nawala mula");
    for (const t of [en!, fil!]) expect(isSingleGsmSegment(t.sms)).toBe(true);
  });
});
