import fs from "node:fs";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import ICAL from "ical.js";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { computeBill } from "../../../modules/bills/compute";
import { listInterruptionSchedule } from "../../../modules/interruptions/queries.server";
import { estimateBill, getOfficialRates } from "../../../modules/rates/queries.server";
import { getSchedule, listDiscountTiers } from "../../../modules/rates/schedule.server";
import { formatDateWithWeekday, MONTH_NAMES, manilaParts } from "../../../modules/shared/dates";
import { useSite } from "../../support/app";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";

const NOTE = "Lines may be energized earlier than scheduled and must be considered energized at all times.";

describe("power interruptions and rates pages", () => {
  const t = useSite();

  const schedule = () => listInterruptionSchedule(t.db.handle.db);
  const upcomingRows = (page: Page) => page.locator("section[aria-labelledby=upcoming-title] tbody tr");

  for (const javaScriptEnabled of [true, false]) {
    describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      it("shows the interruption table, its note, statuses and the feeds", async () => {
        const { upcoming, recent } = await schedule();
        const browser = await openBrowser({ javaScriptEnabled, ...DESKTOP });
        try {
          const page = await browser.newPage();
          const res = await page.goto(t.url + "/news/power-interruptions");
          expect(res?.status()).toBe(200);
          expect(await page.title()).toBe("Power Interruptions | WESPECO");
          expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Power Interruptions");
          expect(await page.getByText(NOTE).count()).toBe(1);
          const headers = await page.locator("section[aria-labelledby=upcoming-title]").getByRole("columnheader").allInnerTexts();
          expect(headers).toEqual(["Date", "Time", "Activities", "Affected Areas", "Circuit to be Opened", "Status"]);
          expect(await upcomingRows(page).count()).toBe(upcoming.length);
          expect(await page.locator("section[aria-labelledby=recent-title] tbody tr").count()).toBe(recent.length);
          const first = upcomingRows(page).first();
          expect(await first.getByRole("cell").first().innerText()).toBe(formatDateWithWeekday(upcoming[0]!.startsAt));
          expect(await first.innerText()).toMatch(/Ongoing|Scheduled|Extended/);
          expect(await first.innerText()).toMatch(/Updated [A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
          // Upcoming first, recent past ones below; a cancelled one says so.
          const text = await page.locator("main").innerText();
          expect(text.indexOf("Scheduled and ongoing")).toBeLessThan(text.indexOf("Recent interruptions"));
          expect(
            await page.locator("section[aria-labelledby=recent-title]").getByText("Cancelled", { exact: true }).count(),
          ).toBeGreaterThan(0);
          expect(await page.locator("main script, main [onerror]").count()).toBe(0);

          expect(await page.getByRole("link", { name: /Add to your calendar/ }).getAttribute("href")).toBe("/news/power-interruptions.ics");
          expect(await page.getByRole("link", { name: /Atom feed/ }).getAttribute("href")).toBe("/feeds/power-interruptions.atom");
        } finally {
          await browser.cleanup();
        }
      });

      it("filters by town and by barangay, with a shareable URL and an empty state", async () => {
        const { upcoming } = await schedule();
        const target = upcoming.find((i) => i.barangays.length > 0)!;
        const { name, town } = target.barangays[0]!;
        const browser = await openBrowser({ javaScriptEnabled, ...DESKTOP });
        try {
          const page = await browser.newPage();
          await page.goto(t.url + "/news/power-interruptions");
          await page.getByLabel("Town").selectOption(town);
          await page.getByRole("button", { name: "Show interruptions" }).click();
          await page.waitForURL((u) => u.searchParams.get("town") === town);
          await page.getByRole("heading", { name: `Scheduled and ongoing in ${town}` }).waitFor();
          const townCount = upcoming.filter((i) => i.towns.includes(town)).length;
          expect(await upcomingRows(page).count()).toBe(townCount);
          for (const row of await upcomingRows(page).all()) expect(await row.getByRole("cell").nth(3).innerText()).toContain(town);
          expect(await page.getByRole("link", { name: /Add to your calendar/ }).getAttribute("href")).toBe(
            `/news/power-interruptions.ics?town=${town}`,
          );

          await page.getByLabel("Barangay").fill(name);
          await page.getByRole("button", { name: "Show interruptions" }).click();
          await page.waitForURL((u) => u.searchParams.get("barangay") === name);
          await page.getByRole("heading", { name: `Scheduled and ongoing in ${name}, ${town}` }).waitFor();
          expect(await upcomingRows(page).count()).toBeGreaterThan(0);
          for (const row of await upcomingRows(page).all()) expect(await row.innerText()).toContain(name);

          // The same URL opened fresh gives the same answer; a barangay of another town gives the empty state.
          const other = (["Bolinao", "Anda", "Dasol"] as const).find((x) => x !== town)!;
          await page.goto(`${t.url}/news/power-interruptions?town=${other}&barangay=${encodeURIComponent(name)}`);
          expect(await page.getByText(`No power interruptions are scheduled in ${name}, ${other}.`).count()).toBe(1);
          expect(await upcomingRows(page).count()).toBe(0);
          await page.getByRole("link", { name: "Show all areas" }).click();
          await page.waitForURL((u) => u.search === "");
          await page.getByRole("heading", { name: "Scheduled and ongoing", exact: true }).waitFor();
          expect(await upcomingRows(page).count()).toBe(upcoming.length);
        } finally {
          await browser.cleanup();
        }
      });

      it("shows a month of rates with the bold total row, months without data, the estimator", async () => {
        const browser = await openBrowser({ javaScriptEnabled, ...DESKTOP });
        try {
          const page = await browser.newPage();
          const now = manilaParts();
          await page.goto(t.url + "/rates");
          expect(await page.getByLabel("Year", { exact: true }).inputValue()).toBe(String(now.year));
          expect(await page.getByLabel("Month", { exact: true }).inputValue()).toBe(String(now.month));
          const years = await page.getByLabel("Year", { exact: true }).locator("option").allInnerTexts();
          expect(years[0]).toBe(String(now.year));
          expect(years.at(-1)).toBe("2007");
          expect(await page.getByRole("heading", { name: `Official Rates, ${MONTH_NAMES[now.month - 1]} ${now.year}` }).count()).toBe(1);

          await page.getByLabel("Year", { exact: true }).selectOption("2024");
          await page.getByLabel("Month", { exact: true }).selectOption({ label: "March" });
          await page.getByRole("button", { name: "Show rates" }).click();
          await page.waitForURL((u) => u.search === "?year=2024&month=3");
          await page.getByRole("heading", { name: "Official Rates, March 2024" }).waitFor();
          const official = page.getByRole("table", { name: /Official rates for March 2024/ });
          const rates = await getOfficialRates(t.db.handle.db, 2024, 3);
          expect(await official.getByRole("row").count()).toBe(4);
          expect(await official.getByRole("row").nth(1).innerText()).toContain(rates[0]!.amount.toFixed(4));
          const generation = page.getByRole("table", { name: /Breakdown of the generation charge for March 2024/ });
          const headers = await generation.getByRole("columnheader").allInnerTexts();
          expect(headers.map((h) => h.replace(/\s+/g, " "))).toEqual([
            "Power Source",
            "% kWh Purchased",
            "kWh Purchased",
            "Basic Generation Cost (Php)",
            "Other Cost Adjustment (Php)",
            "Total Generation Cost (Php)",
            "Prompt Payment Discount (Php)",
            "Pilferage Cost Recoveries (Php)",
            "Other Generation Cost Adjustment (Php)",
            "Generation Rate (Php/kWh)",
          ]);
          const total = generation.getByRole("row").last();
          expect(await total.getByRole("rowheader").innerText()).toBe("TOTAL");
          expect(
            Number(
              await total
                .getByRole("cell")
                .first()
                .evaluate((el) => getComputedStyle(el).fontWeight),
            ),
          ).toBeGreaterThanOrEqual(700);
          expect(
            Number(
              await generation
                .getByRole("row")
                .nth(1)
                .getByRole("cell")
                .first()
                .evaluate((el) => getComputedStyle(el).fontWeight),
            ),
          ).toBeLessThan(700);
          expect(await page.getByText("No rates found for this month!").count()).toBe(0);

          // Estimator: a month with an unbundled schedule is estimated as a bill of its lines (VAT and
          // per-customer charges included); a month without one, as that month's LV rate times the kWh.
          await page.getByLabel("Energy used (kWh)").fill("200");
          await page.getByLabel("Type of service").selectOption("LV");
          await page.getByRole("button", { name: "Estimate" }).click();
          await page.waitForURL((u) => u.searchParams.get("kwh") === "200");
          const lv = (await getSchedule(t.db.handle.db, 2024, 3)).find((c) => c.classCode === "LV");
          const pesos = lv
            ? computeBill(lv, await listDiscountTiers(t.db.handle.db), { kwh: 200, demandKw: null, lifeline: false, senior: false })
                .currentCharges / 100
            : estimateBill(200, rates.find((r) => r.type === "LV")!.amount);
          const expected = new Intl.NumberFormat("en-PH", { style: "currency", currency: "PHP" }).format(pesos);
          expect(await page.locator("output").innerText()).toBe(expected);
          expect(new URL(page.url()).searchParams.get("year")).toBe("2024");

          await page.getByLabel("Energy used (kWh)").fill("lots");
          await page.getByRole("button", { name: "Estimate" }).click();
          await page
            .getByText(/Enter the kWh used as a number/)
            .first()
            .waitFor();

          // June 2023 has rates but no generation charges; May 2019 has neither.
          await page.goto(t.url + "/rates?year=2023&month=6");
          expect(await page.getByText("No generation charges were published for this month.", { exact: true }).count()).toBe(1);
          expect(await page.getByText("No rates found for this month!", { exact: true }).count()).toBe(0);
          await page.getByLabel("Year", { exact: true }).selectOption("2019");
          await page.getByLabel("Month", { exact: true }).selectOption({ label: "May" });
          await page.getByRole("button", { name: "Show rates" }).click();
          await page.waitForURL((u) => u.search === "?year=2019&month=5");
          await page.getByText("No rates found for this month!", { exact: true }).waitFor();
          expect(await page.getByText("No generation charges were published for this month.", { exact: true }).count()).toBe(1);

          // A bad month falls back to this month, saying so.
          await page.goto(t.url + "/rates?year=1999&month=13");
          expect(await page.getByRole("alert").innerText()).toContain("We could not read that month");
          expect(await page.getByLabel("Year", { exact: true }).inputValue()).toBe(String(now.year));
        } finally {
          await browser.cleanup();
        }
      });
    });
  }

  it("reads as one card per interruption on a 375 px phone, without sideways scrolling", async () => {
    const browser = await openBrowser(PHONE);
    try {
      const page = await browser.newPage();
      await page.goto(t.url + "/news/power-interruptions");
      const row = upcomingRows(page).first();
      expect(await row.evaluate((el) => getComputedStyle(el).display)).not.toMatch(/table/);
      const cell = row.getByRole("cell").first();
      expect(await cell.evaluate((el) => getComputedStyle(el, "::before").content)).toBe('"Date"');
      const box = (await row.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(PHONE.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      // The status sits right under the date on a card.
      const statusBox = (await row.getByRole("cell").last().boundingBox())!;
      const timeBox = (await row.getByRole("cell").nth(1).boundingBox())!;
      expect(statusBox.y).toBeLessThan(timeBox.y);

      // The rates page: the wide table scrolls inside its box, not the page.
      await page.goto(t.url + "/rates?year=2024&month=3");
      const wrap = page.getByRole("region", { name: "Generation charge table, scrolls sideways" });
      await wrap.waitFor();
      // Polled: the offline service worker may take over the page just after it loads.
      await page.waitForFunction(
        () => {
          const el = document.querySelector("[aria-label='Generation charge table, scrolls sideways']");
          return el !== null && el.clientWidth > 0 && el.scrollWidth > el.clientWidth;
        },
        undefined,
        { timeout: 10_000 },
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    } finally {
      await browser.cleanup();
    }
  });

  it("downloads the month shown as CSV", async () => {
    const browser = await openBrowser(DESKTOP);
    try {
      const page = await browser.newPage();
      await page.goto(t.url + "/rates?year=2024&month=3");
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /Download CSV/ }).click()]);
      expect(download.suggestedFilename()).toBe("wespeco-rates-2024-03.csv");
      const csv = fs.readFileSync((await download.path())!, "utf8");
      const rates = await getOfficialRates(t.db.handle.db, 2024, 3);
      expect(csv).toContain(`R,Residential,${rates[0]!.amount.toFixed(4)}`);
      expect(csv).toContain("Breakdown of Generation Charge, March 2024");
      expect(csv).toMatch(/\r\nTOTAL,100,100,/);
    } finally {
      await browser.cleanup();
    }
  });

  it("serves an iCalendar feed calendar apps can read, and a well-formed Atom feed", async () => {
    const { upcoming, recent } = await schedule();
    const ics = await fetch(t.url + "/news/power-interruptions.ics");
    expect(ics.headers.get("content-type")).toMatch(/^text\/calendar/);
    const cal = new ICAL.Component(ICAL.parse(await ics.text()));
    const events = cal.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
    expect(events.map((e) => e.uid)).toEqual(
      [...upcoming, ...recent].map((i) => expect.stringMatching(new RegExp(`^power-interruption-${i.id}@`))),
    );
    expect(events[0]!.startDate.toJSDate().getTime()).toBe(upcoming[0]!.startsAt.getTime());
    expect(cal.getAllSubcomponents("vevent").some((c) => c.getFirstPropertyValue("status") === "CANCELLED")).toBe(true);

    const bani = new ICAL.Component(ICAL.parse(await (await fetch(t.url + "/news/power-interruptions.ics?town=Bani")).text()));
    expect(bani.getAllSubcomponents("vevent").length).toBe([...upcoming, ...recent].filter((i) => i.towns.includes("Bani")).length);
    expect((await fetch(t.url + "/news/power-interruptions.ics?town=Gotham")).status).toBe(400);

    const atom = await fetch(t.url + "/feeds/power-interruptions.atom");
    expect(atom.headers.get("content-type")).toMatch(/^application\/atom\+xml/);
    const xml = await atom.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = new XMLParser({ ignoreAttributes: false }).parse(xml).feed;
    expect([feed.entry].flat()).toHaveLength(upcoming.length + recent.length);
  });
});
