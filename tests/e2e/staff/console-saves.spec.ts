/**
 * Every console form, saved in Chromium with JavaScript off and then on, and the page each
 * save lands on checked as staff see it: the page's own title (never "Page not found"), its
 * success message, the console menu whole, and the same address with and without JavaScript.
 * With JavaScript on the save must stay a client-side navigation (React Router's `.data`
 * requests), which is where saves used to end on the console's 404 page.
 */

import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { barangays, connectionPreregistrations } from "../../../db/schema";
import { createInterruption, interruptionFormSchema } from "../../../modules/interruptions/editor.server";
import { createPreregistration } from "../../../modules/members/connections.server";
import { memberForContact, requestContactChange } from "../../../modules/portal/members.server";
import { fileReport } from "../../../modules/reports/queries.server";
import { manilaFormParts } from "../../../modules/shared/dates";
import { createTestApp, type TestApp } from "../../support/app";
import { openBrowser } from "../../support/browser";
import { sampleApplicant } from "../../support/samples";
import { sessionCookieFor, signInAs, type TestStaff } from "../../support/staff";

interface Save {
  /** What the test calls this form. */
  name: string;
  /** The page the form is on (path, or a function that finds it). */
  at: string | ((t: TestApp, run: Run) => Promise<string>);
  /** Fill the form in and press its button. */
  act(page: Page, run: Run): Promise<void>;
  /** Where the save lands, the page's title and the message it shows. */
  lands: RegExp;
  title: RegExp;
  message: RegExp;
}

const portalContact = (js: string) => `portal-saves-${js}@example.com`;

/** One pass over the forms: "off" (no JavaScript, the reference) or "on". */
type Run = { js: "off" | "on"; n: number };

const button = (page: Page, name: string | RegExp) =>
  page
    .getByRole("button", { name, exact: typeof name === "string" })
    .first()
    .click();

/** The nth link (first by default) of a list page whose address matches `pattern`. */
async function firstLink(t: TestApp, staff: TestStaff, list: string, pattern: RegExp, nth = 0): Promise<string> {
  const html = (await t.app.inject({ url: list, headers: { cookie: staff.cookie } })).body;
  const found = [...new Set([...html.matchAll(new RegExp(`href="(${pattern.source})"`, "g"))].map((m) => m[1]!))];
  if (!found[nth]) throw new Error(`no link ${nth} like ${pattern} on ${list}`);
  return found[nth];
}

describe("every console form lands on its page with its message, JavaScript off and on", () => {
  let t: TestApp;
  let admin: TestStaff;
  let advisory: string;
  let news: string;
  const removable: Record<string, string> = {};
  const published: Record<string, string> = {};
  const interruptions: Record<string, string> = {};
  const incidents: Record<string, string> = {};
  const connections: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    await t.listen();
    admin = await signInAs(t, "admin");
    advisory = await firstLink(t, admin, "/staff/announcements/advisory", /\/staff\/announcements\/advisory\/\d+/);
    news = await firstLink(t, admin, "/staff/content/news", /\/staff\/content\/news\/\d+/);
    // Unpublishing is offered on a published item only: one published item per pass.
    for (const [n, js] of [
      [0, "off"],
      [1, "on"],
    ] as const) {
      published[`advisory-${js}`] = await firstLink(
        t,
        admin,
        "/staff/announcements/advisory?state=published",
        /\/staff\/announcements\/advisory\/\d+/,
        n + 1,
      );
      published[`news-${js}`] = await firstLink(t, admin, "/staff/content/news?state=published", /\/staff\/content\/news\/\d+/, n + 1);
    }
    removable.off = await firstLink(t, admin, "/staff/content/partners", /\/staff\/content\/partners\/\d+/, 0);
    removable.on = await firstLink(t, admin, "/staff/content/partners", /\/staff\/content\/partners\/\d+/, 1);
    const db = t.db.handle.db;
    // One barangay per pass: reports in one barangay within two hours join one incident.
    const dasol = await db.select({ id: barangays.id }).from(barangays).where(eq(barangays.town, "Dasol")).limit(2);
    const today = manilaFormParts(new Date()).date;
    const tomorrow = manilaFormParts(new Date(Date.now() + 86_400_000)).date;
    for (const js of ["off", "on"]) {
      // An interruption on now (so it can be marked ongoing), and an incident with one report, per pass.
      const id = await createInterruption(
        { db, actor: { id: admin.id, name: admin.name }, contentChanged: async () => {} },
        interruptionFormSchema.parse({
          date: today,
          endDate: tomorrow,
          start: "00:05",
          end: "23:00",
          activities: `Line work for the saves test (JavaScript ${js})`,
          circuit: "Dasol Feeder 1",
          wholeTown: ["Dasol"],
          publish: "now",
        }),
      );
      interruptions[js] = `/staff/interruptions/${id}`;
      const report = await fileReport(db, {
        kind: "no-power",
        barangayId: dasol[js === "off" ? 0 : 1]!.id,
        landmark: `near the chapel ${js}`,
        details: "",
        accountNumber: "",
        mobile: "",
      });
      incidents[js] = `/staff/incidents/${report.incidentId}`;
      const { reference } = await createPreregistration(db, sampleApplicant(`Saves${js}`, "Liza", "Dasol"));
      const [row] = await db
        .select({ id: connectionPreregistrations.id })
        .from(connectionPreregistrations)
        .where(eq(connectionPreregistrations.reference, reference));
      connections[js] = row!.id;
      // A portal account per pass, for member services' lock, unlock and "send a code".
      const member = await memberForContact(db, { kind: "email", value: portalContact(js) });
      await requestContactChange(db, member.id, js === "off" ? "01-0000-0001" : "01-0000-0002", `0917 555 010${js === "off" ? 2 : 3}`, "");
    }
  });
  afterAll(async () => t?.close());

  const saves: Save[] = [
    {
      name: "interruption: save",
      at: (_t, run) => Promise.resolve(interruptions[run.js]!),
      act: async (page) => {
        await page.getByLabel("Activities (what work is done)", { exact: true }).fill("Line work for the saves test, edited");
        await button(page, "Save");
      },
      lands: /^\/staff\/interruptions$/,
      title: /^Power interruptions \|/,
      message: /^Saved\.$/,
    },
    {
      name: "interruption: copy as a draft",
      at: (_t, run) => Promise.resolve(interruptions[run.js]!),
      act: async (page) => {
        await page.getByLabel("Copy to another day").fill(manilaFormParts(new Date(Date.now() + 7 * 86_400_000)).date);
        await button(page, "Copy as a draft");
      },
      lands: /^\/staff\/interruptions\/\d+$/,
      title: /\|/,
      message: /Copied as a draft/,
    },
    {
      name: "interruption: status change",
      at: (_t, run) => Promise.resolve(`${interruptions[run.js]}/status?to=ongoing`),
      act: (page) => button(page, "Confirm"),
      lands: /^\/staff\/interruptions$/,
      title: /^Power interruptions \|/,
      message: /^Marked ongoing/,
    },
    {
      name: "interruption: new",
      at: "/staff/interruptions/new",
      act: async (page, run) => {
        await page.getByLabel("Activities (what work is done)", { exact: true }).fill(`New line work (JavaScript ${run.js})`);
        await page.getByLabel("Circuit to be opened").fill("Agno Feeder 2");
        await page.getByLabel("Or paste barangay names").fill("Poblacion");
        await page.getByLabel("Pasted names are in").selectOption("Dasol");
        await button(page, "Save");
      },
      lands: /^\/staff\/interruptions$/,
      title: /^Power interruptions \|/,
      message: /^Saved\.$/,
    },
    {
      name: "interruptions: import pasted rows",
      at: "/staff/interruptions/import",
      act: async (page, run) => {
        const day = manilaFormParts(new Date(Date.now() + (run.js === "off" ? 3 : 4) * 86_400_000)).date;
        await page
          .getByLabel("Or paste the rows")
          .fill(`date,start,end,town,barangays,activities,circuit_to_be_opened\n${day},09:00,12:00,Agno,ALL,Tree trimming,Agno Feeder 2\n`);
        await button(page, "Check and import");
      },
      lands: /^\/staff\/interruptions$/,
      title: /^Power interruptions \|/,
      message: /^Imported 1 interruption/,
    },
    {
      name: "interruption: restore a revision",
      at: (_t, run) => Promise.resolve(`/staff/history/interruption/${interruptions[run.js]!.split("/").pop()}`),
      act: async (page) => {
        await page
          .getByRole("link", { name: /^Restore version/ })
          .last()
          .click();
        await button(page, /^Yes, restore version/);
      },
      lands: /^\/staff\/history\/interruption\/\d+$/,
      title: /^Revisions \|/,
      message: /^Restored version \d+/,
    },
    {
      name: "advisory: save",
      at: () => Promise.resolve(advisory),
      act: async (page, run) => {
        await page.getByLabel("Title", { exact: true }).fill(`Advisory saved by the saves test (JavaScript ${run.js})`);
        await button(page, "Save");
      },
      lands: /^\/staff\/announcements\/advisory\/\d+$/,
      title: /\|/,
      message: /^Saved\.$/,
    },
    {
      name: "advisory: unpublish",
      at: (_t, run) => Promise.resolve(published[`advisory-${run.js}`]!),
      act: (page) => button(page, "Unpublish (back to draft)"),
      lands: /^\/staff\/announcements\/advisory$/,
      title: /\|/,
      message: /./,
    },
    {
      name: "advisory: restore a revision",
      // The save above made a version; the first pass saves once more, so there is one to go back to.
      at: () => Promise.resolve(`/staff/history/advisory/${advisory.split("/").pop()}`),
      act: async (page) => {
        if ((await page.getByRole("link", { name: /^Restore version/ }).count()) === 0) {
          const history = page.url();
          await page.goto(`${t.url}${advisory}`);
          await page.getByLabel("Title", { exact: true }).fill("Advisory saved again by the saves test");
          await button(page, "Save");
          await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
          await page.goto(history);
        }
        await page
          .getByRole("link", { name: /^Restore version/ })
          .last()
          .click();
        await button(page, /^Yes, restore version/);
      },
      lands: /^\/staff\/history\/advisory\/\d+$/,
      title: /^Revisions \|/,
      message: /^Restored version \d+/,
    },
    {
      name: "news item: save",
      at: () => Promise.resolve(news),
      act: (page) => button(page, "Save"),
      lands: /^\/staff\/content\/news\/\d+$/,
      title: /\|/,
      message: /^Saved\.$/,
    },
    {
      name: "news item: unpublish",
      at: (_t, run) => Promise.resolve(published[`news-${run.js}`]!),
      act: (page) => button(page, "Unpublish (back to draft)"),
      lands: /^\/staff\/content\/news$/,
      title: /\|/,
      message: /./,
    },
    {
      name: "partner logo: remove",
      at: (_t, run) => Promise.resolve(removable[run.js]!),
      act: async (page) => {
        await button(page, "Remove");
        await button(page, "Yes, remove it");
      },
      lands: /^\/staff\/content\/partners$/,
      title: /\|/,
      message: /^Removed/,
    },
    {
      name: "restoration hub: declare a major event",
      at: "/staff/outages",
      act: async (page, run) => {
        await page.getByLabel("Title", { exact: true }).fill(`Typhoon ${run.js}: major event`);
        await button(page, "Declare a major event");
      },
      lands: /^\/staff\/outages$/,
      title: /^Restoration hub \|/,
      message: /^Major event declared/,
    },
    {
      name: "restoration hub: end the major event",
      at: "/staff/outages",
      act: async (page) => {
        await button(page, "End the major event");
        await button(page, "Yes, end it");
      },
      lands: /^\/staff\/outages$/,
      title: /^Restoration hub \|/,
      message: /^Major event ended/,
    },
    {
      name: "restoration hub: one barangay's figures",
      at: "/staff/outages?town=Dasol",
      act: (page) =>
        page
          .getByRole("form", { name: /^Figures of / })
          .first()
          .getByRole("button")
          .click(),
      lands: /^\/staff\/outages$/,
      title: /^Restoration hub \|/,
      message: /saved/i,
    },
    {
      name: "restoration hub: a whole town in one step",
      at: "/staff/outages?town=Anda",
      act: async (page, run) => {
        await page.getByRole("radio", { name: run.js === "off" ? /^Without power \(all/ : "Restored" }).check();
        await button(page, "Save all of Anda");
      },
      lands: /^\/staff\/outages$/,
      title: /^Restoration hub \|/,
      message: /^Anda: all \d+ barangays marked/,
    },
    {
      name: "interruption: power off now",
      at: "/staff/interruptions/power-off?town=Infanta",
      act: (page) => button(page, "Power off now in Infanta"),
      lands: /^\/staff\/interruptions$/,
      title: /^Power interruptions \|/,
      message: /^All of Infanta: without power since/,
    },
    {
      name: "incident: change its state",
      at: (_t, run) => Promise.resolve(incidents[run.js]!),
      act: async (page) => {
        await page.getByLabel("New state").selectOption({ label: "Verified" });
        await button(page, "Save");
      },
      lands: /^\/staff\/incidents\/\d+$/,
      title: /\|/,
      message: /^Saved\./,
    },
    {
      name: "Open311: issue a key",
      at: "/staff/open311-keys",
      act: async (page, run) => {
        await page.getByLabel("Client").fill(`Town hall ${run.js}`);
        await button(page, "Issue a key");
      },
      lands: /^\/staff\/open311-keys$/,
      title: /\|/,
      message: /^Key for Town hall/,
    },
    {
      name: "Open311: revoke a key",
      at: "/staff/open311-keys",
      act: async (page, run) => {
        await page.getByRole("button", { name: `Revoke the key of Town hall ${run.js}` }).click();
        await button(page, "Yes, revoke it");
      },
      lands: /^\/staff\/open311-keys$/,
      title: /\|/,
      message: /^The key of Town hall o(n|ff) is revoked/,
    },
    {
      name: "bills: import a payment file",
      at: "/staff/bills",
      act: async (page, run) => {
        await page.getByLabel("Payments").check();
        const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
        await page.getByLabel("File (CSV)").setInputFiles({
          name: `payments-${run.js}.csv`,
          mimeType: "text/csv",
          buffer: Buffer.from(
            `or_number,account_number,paid_on,amount,channel\nOR-SAVES-${run.js}-${Date.now()},01-1000-4568,${today},100.00,office\n`,
          ),
        });
        await button(page, "Check and import");
      },
      lands: /^\/staff\/bills$/,
      title: /\|/,
      message: /^Payments imported\. 1 added/,
    },
    {
      name: "billing tokens: make a token",
      at: "/staff/bills/tokens",
      act: async (page, run) => {
        await page.getByLabel("Integration").fill(`Nightly job ${run.js}`);
        await button(page, "Make a token");
      },
      lands: /^\/staff\/bills\/tokens$/,
      title: /\|/,
      message: /^Token for Nightly job/,
    },
    {
      name: "billing tokens: revoke a token",
      at: "/staff/bills/tokens",
      act: async (page, run) => {
        await page.getByRole("button", { name: `Revoke the token of Nightly job ${run.js}` }).click();
        await button(page, "Yes, revoke it");
      },
      lands: /^\/staff\/bills\/tokens$/,
      title: /\|/,
      message: /^The token of Nightly job o(n|ff) is revoked/,
    },
    {
      name: "rate schedule: save the month",
      at: "/staff/rates/schedule",
      act: (page) => button(page, "Check and save"),
      lands: /^\/staff\/rates\/schedule$/,
      title: /\|/,
      message: /^Saved the rate schedule of/,
    },
    {
      name: "rates: save the month",
      at: "/staff/rates",
      act: (page) => button(page, "Check and save"),
      lands: /^\/staff\/rates$/,
      title: /^Rates \|/,
      message: /^Saved the rates of/,
    },
    {
      name: "users: invite",
      at: "/staff/users",
      act: async (page, run) => {
        await page.getByLabel("Name").fill(`Invitee ${run.js}`);
        await page.getByLabel("E-mail address").fill(`invitee-${run.js}@staff.test`);
        await page.getByLabel("Role").selectOption({ label: "Dispatcher" });
        await button(page, "Invite");
      },
      lands: /^\/staff\/users$/,
      title: /^Users \|/,
      message: /invitee-o(n|ff)@staff\.test/i,
    },
    {
      name: "user: new enrolment link",
      at: (tt) => firstLink(tt, admin, "/staff/users", /\/staff\/users\/[A-Za-z0-9_-]+/),
      act: (page) => button(page, "Make a new enrolment link"),
      lands: /^\/staff\/users\/[A-Za-z0-9_-]+$/,
      title: /\|/,
      message: /New enrolment link/,
    },
    {
      name: "user: change role",
      at: "/staff/users",
      act: async (page, run) => {
        await page.getByRole("link", { name: new RegExp(`Invitee ${run.js}`) }).click();
        await page.locator("#role").selectOption({ label: "Rates" });
        await button(page, "Change role");
      },
      lands: /^\/staff\/users\/[A-Za-z0-9_-]+$/,
      title: /\|/,
      message: /./,
    },
    {
      name: "user: disable account",
      at: "/staff/users",
      act: async (page, run) => {
        await page.getByRole("link", { name: new RegExp(`Invitee ${run.js}`) }).click();
        await button(page, "Disable account");
        await button(page, "Yes, disable it");
      },
      lands: /^\/staff\/users\/[A-Za-z0-9_-]+$/,
      title: /\|/,
      message: /./,
    },
    {
      name: "account: end my other sessions",
      at: async () => {
        await sessionCookieFor(t, admin.id);
        return "/staff/account";
      },
      act: (page) => button(page, "End my other sessions"),
      lands: /^\/staff\/account$/,
      title: /^My account \|/,
      message: /./,
    },
    {
      name: "AGAM: save the registration window",
      at: "/staff/members/agam",
      act: async (page) => {
        await page.getByLabel("Opens (Philippine time)").fill("2026-12-01T08:00");
        await page.getByLabel("Closes (Philippine time)").fill("2026-12-10T17:00");
        await button(page, "Save window");
      },
      lands: /^\/staff\/members\/agam$/,
      title: /\|/,
      message: /^Registration window saved\./,
    },
    {
      name: "member portal: lock",
      at: (_t, run) => Promise.resolve(`/staff/members/portal?q=${encodeURIComponent(portalContact(run.js))}`),
      act: (page) => button(page, "Lock this portal account"),
      lands: /^\/staff\/members\/portal$/,
      title: /^Member portal \|/,
      message: /^Locked: its sessions were ended/,
    },
    {
      name: "member portal: unlock",
      at: (_t, run) => Promise.resolve(`/staff/members/portal?q=${encodeURIComponent(portalContact(run.js))}`),
      act: (page) => button(page, "Unlock this portal account"),
      lands: /^\/staff\/members\/portal$/,
      title: /^Member portal \|/,
      message: /^Unlocked\.$/,
    },
    {
      name: "member portal: send a sign-in code",
      at: (_t, run) => Promise.resolve(`/staff/members/portal?q=${encodeURIComponent(portalContact(run.js))}`),
      act: (page, run) => button(page, `Send a sign-in code to ${portalContact(run.js)}`),
      lands: /^\/staff\/members\/portal$/,
      title: /^Member portal \|/,
      message: /^A sign-in code was sent to the contact on file\.$/,
    },
    {
      name: "member portal: a contact request done",
      at: "/staff/members/portal",
      act: (page) => button(page, "Done in the billing system"),
      lands: /^\/staff\/members\/portal$/,
      title: /^Member portal \|/,
      message: /^Request marked as done\.$/,
    },
    {
      name: "connection queue: save",
      at: (_t, run) => Promise.resolve(`/staff/members/connections/${connections[run.js]}`),
      act: async (page) => {
        await page.getByLabel("Valid ID").check();
        await page.getByLabel("New note").fill("Brought the ID.");
        await button(page, "Save");
      },
      lands: /^\/staff\/members\/connections\/\d+$/,
      title: /\|/,
      message: /^Saved: documents seen and note added\.$/,
    },
  ];

  async function openConsole(js: "off" | "on"): Promise<{ browser: BrowserContext & { cleanup(): Promise<void> }; page: Page }> {
    const browser = await openBrowser({ javaScriptEnabled: js === "on", width: 375, height: 760 });
    await browser.addCookies(admin.browserCookies(t.url));
    const page = await browser.newPage();
    page.setDefaultTimeout(8_000);
    return { browser, page };
  }

  /** What a person sees after the save: where they are, the title, the message, the menu. */
  async function landed(page: Page) {
    const url = new URL(page.url());
    return {
      path: url.pathname,
      title: await page.title(),
      heading: (await page.locator("h1").first().textContent())?.trim() ?? "",
      message: (
        (await page
          .locator("main [role=status]")
          .first()
          .textContent({ timeout: 500 })
          .catch(() => "")) ?? ""
      ).trim(),
      alert: (await page.locator("main [role=alert]").allInnerTexts()).join(" ").replace(/\s+/g, " ").trim(),
      // Every entry, shown or folded into the phone's closed "Menu" disclosure.
      menu: await page.locator("nav[aria-label=Console] a").count(),
      // Where the message is on the screen: it must be in view at 375 by 760, not below the fold.
      messageInView: await page
        .locator("main [role=status]")
        .first()
        .evaluate(
          (el) => {
            const r = el.getBoundingClientRect();
            return r.top >= 0 && r.top < window.innerHeight;
          },
          undefined,
          { timeout: 500 },
        )
        .catch(() => false),
    };
  }

  const seen: Record<string, Record<string, Awaited<ReturnType<typeof landed>>>> = {};

  for (const js of ["off", "on"] as const)
    it(`each save ends on its page with its message, JavaScript ${js}`, { timeout: 300_000 }, async () => {
      const failures: string[] = [];
      const { browser, page } = await openConsole(js);
      try {
        for (const save of saves) {
          const run: Run = { js, n: 0 };
          const at = typeof save.at === "string" ? save.at : await save.at(t, run);
          await page.goto(`${t.url}${at}`);
          if (js === "on") {
            await page.waitForFunction(
              () =>
                (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter?.state.initialized,
            );
            // A mark on the document: it survives only a client-side navigation.
            await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
          }
          try {
            await save.act(page, run);
          } catch (error) {
            failures.push(`${save.name}: could not fill in and send the form on ${at}: ${String(error).split("\n")[0]}`);
            continue;
          }
          // With JavaScript the save is over when the router is idle again (a submission, its redirect and the reload of data).
          if (js === "on")
            await page.waitForFunction(() => {
              const r = (window as { __reactRouterDataRouter?: { state: { navigation: { state: string }; revalidation: string } } })
                .__reactRouterDataRouter;
              return r?.state.navigation.state === "idle" && r.state.revalidation === "idle";
            });
          // The save is over when its message, an error or the 404 page shows.
          await page
            .locator("main [role=status], main [role=alert], main h1:text-is('Page not found')")
            .first()
            .waitFor({ timeout: 10_000 })
            .catch(() => {});
          await page.waitForLoadState();
          const l = await landed(page);
          seen[save.name] = { ...seen[save.name], [js]: l };
          const problems: string[] = [];
          if (/Page not found/.test(l.title) || l.heading === "Page not found") problems.push("the console's 404 page");
          if (!save.lands.test(l.path)) problems.push(`landed on ${l.path}`);
          if (!save.title.test(l.title) || /Page not found|Something went wrong|Not allowed/.test(l.title))
            problems.push(`title "${l.title}"`);
          if (!save.message.test(l.message)) problems.push(`message "${l.message}"${l.alert ? `, error "${l.alert}"` : ""}`);
          if (l.menu < 10) problems.push(`a menu of ${l.menu} links`);
          if (l.message && !l.messageInView) problems.push("the message out of view");
          if (js === "on" && !(await page.evaluate(() => "__sameDocument" in window)))
            problems.push("a full page load, not a client-side navigation");
          if (problems.length) failures.push(`${save.name}: ${problems.join(", ")}`);
        }
      } finally {
        await browser.cleanup();
      }
      expect(failures).toEqual([]);
    });

  it("with JavaScript each save lands where it lands without", () => {
    // Numbers and random ids differ between the two passes (each made its own rows).
    const same = (path: string) => path.replace(/\/[A-Za-z0-9_-]{16,}$/, "/ID").replace(/\d+/g, "N");
    const differ: string[] = [];
    for (const [name, by] of Object.entries(seen))
      if (by.on && by.off && same(by.on.path) !== same(by.off.path))
        differ.push(`${name}: ${by.off.path} without JavaScript, ${by.on.path} with`);
    expect(differ).toEqual([]);
    expect(Object.keys(seen).length).toBe(saves.length);
  });
});
