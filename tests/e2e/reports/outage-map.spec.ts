/**
 * The outages hub's map and its text equivalent, at 375 px with JavaScript on and off, and at
 * 1280 px: the member's question first, the towns folded with their barangays inside, the
 * coverage-area drawing with each town coloured by its share of barangays with power and the
 * share written on it, a legend, and each town a link that opens its barangays. Then a member's
 * overview showing power in their area. Screenshots go to tests/.tmp/screens (SHOTS_DIR).
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agamAccounts, barangays } from "../../../db/schema";
import { setBarangayPower, setTownPower } from "../../../modules/interruptions/restoration-hub.server";
import { barangayOfAddress } from "../../../modules/places/barangays.server";
import { TOWNS } from "../../../modules/shared/constants";
import { demoAccountNumber } from "../../../seed/accounts";
import { CONTENT_CHANGED_CHANNEL } from "../../../server/bus";
import { createTestApp, type TestApp } from "../../support/app";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";
import { type SmsGatewayStandIn, startSmsGateway } from "../../support/sms-gateway";
import { waitUntil } from "../../support/wait";

const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, "..", "..", ".tmp", "screens");
const ETR = new Date("2030-01-02T10:30:00Z");

describe("the outage map", () => {
  let t: TestApp;
  let sms: SmsGatewayStandIn;
  let baniTotal = 0;
  beforeAll(async () => {
    sms = await startSmsGateway();
    t = await createTestApp({
      withPages: true,
      env: { RATE_LIMIT: "off", TRUST_PROXY: "127.0.0.1", SMS_GATEWAY_URL: sms.url, SMS_API_KEY: sms.apiKey },
    });
    await t.listen();
    fs.mkdirSync(SHOTS, { recursive: true });
    const db = t.db.handle.db;
    // Bani wholly off; two barangays of Bolinao off.
    baniTotal = await setTownPower(db, { town: "Bani", state: "off", etr: ETR, actorId: "" });
    for (const b of await db.select().from(barangays).where(eq(barangays.town, "Bolinao")).limit(2))
      await setBarangayPower(db, { barangayId: b.id, consumers: 150, consumersOff: 90, etr: ETR, crews: 1, actorId: "" });
    await t.bus.publish(CONTENT_CHANGED_CHANNEL, "outages");
  });
  afterAll(async () => {
    await t?.close();
    await sms?.close();
  });

  for (const javaScriptEnabled of [true, false])
    it(`at 375 px with JavaScript ${javaScriptEnabled ? "on" : "off"}: the question first, the map, its legend, and each town opening its barangays`, async () => {
      const browser = await openBrowser({ ...PHONE, javaScriptEnabled });
      const js = javaScriptEnabled ? "js" : "nojs";
      try {
        const page = await browser.newPage();
        await page.goto(`${t.url}/outages`);
        // The member's question is the page's first section heading, above the map.
        const question = page.getByRole("heading", { level: 2, name: "Is my area out? When is it back?" });
        expect(await page.locator("main h2").first().innerText()).toBe("Is my area out? When is it back?");
        const map = page.getByRole("group", { name: /^Each town is coloured by the share of its barangays with power/ });
        expect((await question.boundingBox())!.y).toBeLessThan((await map.boundingBox())!.y);
        // The text equivalent: every town folded, its line in words.
        const summaries = await page.locator("details.outages__town > summary").allInnerTexts();
        expect(summaries).toHaveLength(TOWNS.length);
        expect(summaries.find((s) => s.startsWith("Bani"))).toMatch(new RegExp(`^Bani\\s+0 of ${baniTotal} barangays with power \\(0%\\)`));
        expect(summaries.find((s) => s.startsWith("Bolinao"))).toMatch(
          /^Bolinao\s+\d+ of \d+ barangays with power \(\d+%\); estimated restoration/,
        );
        // The map: nine towns, each a link named in words, its share written on it; a legend of five.
        const towns = map.getByRole("link");
        expect(await towns.count()).toBe(TOWNS.length);
        const bani = map.getByRole("link", { name: `Bani 0%: 0 of ${baniTotal} barangays with power. Show its barangays` });
        expect(await bani.locator("text").allTextContents()).toEqual(["Bani 0%"]);
        expect(await bani.getAttribute("class")).toContain("outage-map__town--few");
        expect(await page.locator(".outage-map__legend li").allInnerTexts()).toEqual([
          "All (100%)",
          "75% to 99%",
          "50% to 74%",
          "25% to 49%",
          "Under 25%",
        ]);
        // No sideways scrolling on a phone, and the hub no longer a 5,500 px list: every town's line within two screens.
        await page.screenshot({ path: path.join(SHOTS, `i36-outages-375-${js}.png`), fullPage: true });
        const size = await page.evaluate(() => ({
          width: document.documentElement.scrollWidth,
          height: document.documentElement.scrollHeight,
          lastTown: document.querySelector("details.outages__town:last-of-type")!.getBoundingClientRect().bottom + window.scrollY,
        }));
        console.info(
          `[figure] /outages at 375 px, JavaScript ${javaScriptEnabled ? "on" : "off"}: ${size.height} px tall, the last town's line ends at ${Math.round(size.lastTown)} px`,
        );
        expect(size.width).toBeLessThanOrEqual(375);
        expect(size.lastTown).toBeLessThan(2 * PHONE.height);
        await page.locator(".outage-map").screenshot({ path: path.join(SHOTS, `i36-outage-map-375-${js}.png`) });
        // A town on the map opens its barangays in the list.
        const list = page.locator("#barangays-bani");
        expect(await list.isVisible()).toBe(false);
        await bani.click();
        await list.waitFor({ state: "visible" });
        expect(await list.innerText()).toContain("Without power");
        expect(await list.innerText()).toMatch(/consumers without power; estimated restoration January 2, 2030, 6:30 PM/);
        expect(await page.locator("details:has(#barangays-bani)").getAttribute("open")).not.toBeNull();
        await page.locator("details:has(#barangays-bani)").screenshot({ path: path.join(SHOTS, `i36-outages-bani-open-375-${js}.png`) });
        // By keyboard: a town's fold opens with Enter on its summary.
        const anda = page.locator("details.outages__town", { has: page.locator(".outages__town-name", { hasText: /^Anda$/ }) });
        await anda.locator("summary").focus();
        await page.keyboard.press("Enter");
        await page.locator("#barangays-anda").waitFor({ state: "visible" });
        expect(await page.locator("#barangays-anda").innerText()).toContain("With power");
      } finally {
        await browser.cleanup();
      }
    });

  it("at 1280 px the map stands beside the towns; in Filipino all of it is Filipino", async () => {
    const browser = await openBrowser(DESKTOP);
    try {
      const page = await browser.newPage();
      await page.goto(`${t.url}/outages`);
      const list = await page.locator(".outages__towns").boundingBox();
      const map = await page.locator(".outage-map").boundingBox();
      expect(map!.x).toBeGreaterThan(list!.x + list!.width - 1);
      await page.screenshot({ path: path.join(SHOTS, "i36-outages-1280.png"), fullPage: true });
      await page.goto(`${t.url}/fil/outages`);
      await page.getByRole("heading", { level: 2, name: "Wala bang kuryente sa amin? Kailan ito babalik?" }).waitFor();
      expect(
        await page
          .getByRole("link", { name: `Bani 0%: 0 sa ${baniTotal} barangay ang may kuryente. Ipakita ang mga barangay nito` })
          .count(),
      ).toBe(1);
      expect(await page.locator(".outage-map__legend li").first().innerText()).toBe("Lahat (100%)");
      await page.screenshot({ path: path.join(SHOTS, "i36-outages-fil-1280.png"), fullPage: true });
    } finally {
      await browser.cleanup();
    }
  });

  it("a signed-in member sees power in their area on the overview, at 375 px without JavaScript", async () => {
    const account = demoAccountNumber(3, 3);
    const db = t.db.handle.db;
    const [roll] = await db.select().from(agamAccounts).where(eq(agamAccounts.accountNumber, account));
    const town = TOWNS.find((x) => x === roll!.town)!;
    const place = await barangayOfAddress(db, town, roll!.address);
    await setBarangayPower(db, { barangayId: place!.id, consumers: 80, consumersOff: 80, etr: ETR, crews: 2, actorId: "" });
    await t.bus.publish(CONTENT_CHANGED_CHANNEL, "outages");
    const browser = await openBrowser({ ...PHONE, javaScriptEnabled: false });
    try {
      // Registered as a member does it: the account number, then the code texted to the number on file.
      const page = await browser.newPage();
      await page.goto(`${t.url}/mco/login`);
      await page.getByRole("link", { name: "Register with your account number" }).click();
      await page.getByLabel("Account number").fill(account);
      const before = sms.messages.length;
      await page.getByRole("button", { name: "Send the code" }).click();
      await page.getByRole("heading", { name: "Enter your code" }).waitFor();
      const text = await waitUntil(async () => sms.messages.slice(before).at(-1));
      await page.getByLabel("6-digit code").fill(/\b(\d{6})\b/.exec(text.message)![1]!);
      await page.getByRole("button", { name: "Confirm" }).click();
      await page.getByRole("heading", { name: new RegExp(`^Account ${account}`) }).waitFor();
      await page.goto(`${t.url}/mco`);
      const area = page.locator("dt", { hasText: "Power in your area" }).locator("xpath=..");
      expect(await area.innerText()).toContain(`No power in ${place!.name}, ${town}; expected back January 2, 2030, 6:30 PM.`);
      await area.screenshot({ path: path.join(SHOTS, "i36-overview-area-375.png") });
      await page.screenshot({ path: path.join(SHOTS, "i36-overview-375.png"), fullPage: true });
      await page.getByRole("link", { name: `Outages in ${town}` }).click();
      await page.locator(`#barangays-${town.toLowerCase()}`).waitFor({ state: "visible" });
      expect(await page.locator(`#barangays-${town.toLowerCase()}`).innerText()).toContain(place!.name);
    } finally {
      await browser.cleanup();
    }
  });
});
