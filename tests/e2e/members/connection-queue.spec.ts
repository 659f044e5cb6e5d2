/**
 * Member services in Chromium: staff move a new-connection pre-registration along the queue
 * (documents ticked, seminar scheduled) and the applicant's own summary page, reloaded, says
 * where the application stands and what to do next. Screenshots of the survey results and the
 * queue at 375 and 1280 px go to SHOTS_DIR (default tests/.tmp/screens).
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectionPreregistrations, surveyResponses } from "../../../db/schema";
import { CONNECTION_STATUSES } from "../../../modules/members/connection-queue";
import { changeStatus } from "../../../modules/members/connection-queue.server";
import { createPreregistration } from "../../../modules/members/connections.server";
import { createPrivateLink } from "../../../modules/privacy/private-links.server";
import { SURVEY_CITIES } from "../../../modules/shared/constants";
import { createTestApp, type TestApp } from "../../support/app";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";
import { sampleApplicant } from "../../support/samples";
import { signInAs, type TestStaff } from "../../support/staff";

const SCREENS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");

const applicant = sampleApplicant;

describe("member services in the browser", () => {
  let t: TestApp;
  let staff: TestStaff;

  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    await t.listen();
    staff = await signInAs(t, "member-services");
    fs.mkdirSync(SCREENS, { recursive: true });
  });
  afterAll(async () => t?.close());

  it("a status change by staff shows on the applicant's summary page", async () => {
    const db = t.db.handle.db;
    const { reference } = await createPreregistration(db, applicant("Bautista", "Liza", "Dasol"));
    const token = await createPrivateLink(db, "connection-summary", reference);
    const summaryUrl = `${t.url}/service/new-service-connection/${token}`;

    const person = await openBrowser({ ...PHONE });
    const desk = await openBrowser({ ...DESKTOP });
    try {
      const mine = await person.newPage();
      await mine.goto(summaryUrl);
      const progress = mine.getByRole("region", { name: "Where your application stands" });
      expect(await progress.innerText()).toContain("We have received your pre-registration.");

      await desk.addCookies(staff.browserCookies(t.url));
      const page = await desk.newPage();
      await page.goto(`${t.url}/staff/members/connections`);
      await page.getByLabel("Town").selectOption("Dasol");
      await page.getByRole("button", { name: "Filter" }).click();
      await page.getByRole("link", { name: "Bautista, Liza" }).click();
      await page.getByRole("heading", { name: "Bautista, Liza" }).waitFor();

      // Ticks, a status and a note in one go: a refused status keeps the ticks and the note.
      await page.getByLabel("Valid ID").check();
      await page.getByLabel("Barangay certificate").check();
      await page.getByLabel("New status").selectOption("Seminar scheduled");
      await page.getByLabel("New note").fill("Will bring the TIN on Monday.");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      // No date: refused, what was chosen kept, the error linked to the field.
      await page.getByRole("link", { name: /Give the seminar date/ }).waitFor();
      expect(await page.getByLabel("New status").inputValue()).toBe("seminar-scheduled");
      expect(await page.getByLabel("Valid ID").isChecked()).toBe(true);
      expect(await page.getByLabel("Barangay certificate").isChecked()).toBe(true);
      expect(await page.getByLabel("New note").inputValue()).toBe("Will bring the TIN on Monday.");
      await page.getByLabel("Seminar date").fill("2026-12-05");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("Saved: status, documents seen and note added.").waitFor();
      // Reloaded: nothing ticked was dropped.
      await page.reload();
      expect(await page.getByRole("heading", { name: /Documents seen/ }).innerText()).toContain("2 of 9");
      expect(await page.getByLabel("Valid ID").isChecked()).toBe(true);
      expect(await page.getByLabel("New status").inputValue()).toBe("seminar-scheduled");
      expect(await page.getByText("Will bring the TIN on Monday.").count()).toBe(1);

      // Ticking one more and pressing Save with the status as it is saves the ticks alone.
      await page.getByLabel("Fire safety clearance").check();
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText("Saved: documents seen.").waitFor();
      expect(await page.getByRole("heading", { name: /Documents seen/ }).innerText()).toContain("3 of 9");

      await mine.reload();
      const text = await mine.getByRole("region", { name: "Where your application stands" }).innerText();
      expect(text).toContain("Your pre-membership seminar is on December 5, 2026.");
      expect(text).toContain("Next step: Come to the seminar");
      expect(await mine.getByText("Your pre-registration is saved.").count()).toBe(0);
      await mine.screenshot({ path: path.join(SCREENS, "applicant-summary-375.png"), fullPage: true });
    } finally {
      await person.cleanup();
      await desk.cleanup();
    }
  });

  it("screenshots of the survey results and the queue at 375 and 1280 px", async () => {
    const db = t.db.handle.db;
    // A year of answers across the towns, made deterministically.
    let seed = 7;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed;
    };
    const rows = Array.from({ length: 240 }, (_, i) => {
      const month = (next() % 12) + 1;
      const at = new Date(`2026-${String(month).padStart(2, "0")}-${String((next() % 27) + 1).padStart(2, "0")}T10:00:00+08:00`);
      // Mostly good answers, some poor, one in ten questions skipped.
      const score = () => (next() % 10 === 0 ? null : [4, 4, 4, 3, 3, 3, 2, 1][next() % 8]!);
      return {
        accountNumber: `08-${String(1000 + i).padStart(4, "0")}-0000`,
        name: `MEMBER, NUMBER ${i}`,
        respondentName: `Member ${i}`,
        city: SURVEY_CITIES[next() % SURVEY_CITIES.length]!,
        email: `member${i}@example.com`,
        contactNumber: "0917 000 0000",
        reconnectionTime: score(),
        serviceReturnSpeed: score(),
        voltageIssues: score(),
        reconnectionAfterPayment: score(),
        serviceCourtesy: score(),
        suggestions: i % 9 === 0 ? `Sana po ay mas maaga ang abiso ng brownout sa aming barangay (${i}).` : "",
        consentedAt: at,
        privacyNoticeVersion: "2026-01",
        createdAt: at,
      };
    });
    await db.insert(surveyResponses).values(rows);
    const names: [string, string, string][] = [
      ["Aquino", "Ramon", "Bolinao"],
      ["Castillo", "Marites", "Alaminos City"],
      ["De Guzman", "Paolo", "Agno"],
      ["Estrada", "Joy", "Burgos"],
      ["Fernandez", "Carlo", "Anda"],
      ["Garcia", "Nina", "Infanta"],
      ["Hernandez", "Rey", "Mabini"],
    ];
    for (const [i, [last, first, town]] of names.entries()) {
      const { reference } = await createPreregistration(db, applicant(last, first, town), new Date(Date.now() - (40 - i * 6) * 86_400_000));
      const [row] = await db.select().from(connectionPreregistrations).where(eq(connectionPreregistrations.reference, reference));
      const status = CONNECTION_STATUSES[i % CONNECTION_STATUSES.length]!;
      if (status !== "received")
        await changeStatus(
          db,
          row!.id,
          {
            status,
            seminarDate: status === "seminar-scheduled" ? "2026-12-05" : "",
            inspectionDate: status === "inspection" ? "2026-12-12" : "",
            declineReason: status === "declined" ? "Outside the franchise area." : "",
          },
          { actorId: staff.id, actorEmail: staff.email, ip: null, userAgent: null },
          new Date(),
        );
    }

    for (const [label, size] of [
      ["375", PHONE],
      ["1280", DESKTOP],
    ] as const) {
      const browser = await openBrowser({ ...size });
      try {
        await browser.addCookies(staff.browserCookies(t.url));
        const page = await browser.newPage();
        await page.goto(`${t.url}/staff/members/survey?from=2026-01&to=2026-12`);
        // 240 answers of the demo survey and 9 of the demo activity (seed/activity.ts).
        expect(await page.getByRole("status").first().innerText()).toContain("249 answers");
        // Nothing wider than the screen but the month chart's own scroll box.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(SCREENS, `survey-results-${label}.png`), fullPage: true });
        await page.goto(`${t.url}/staff/members/connections`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(SCREENS, `connection-queue-${label}.png`), fullPage: true });
        await page.getByRole("link", { name: "Castillo, Marites" }).click();
        await page.screenshot({ path: path.join(SCREENS, `connection-application-${label}.png`), fullPage: true });
      } finally {
        await browser.cleanup();
      }
    }
  });
});
