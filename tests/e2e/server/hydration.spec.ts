/**
 * Public pages load no React: a form page is the server's form plus app/enhance/forms.js. The staff
 * console is rendered by React on the server and hydrated by Preact in the browser
 * (vite.config.ts, app/preact/). Preact claims the server's elements by tag name, in order, and
 * leaves their attributes as sent: where the two renders disagree it would take one element for
 * another (a stylesheet link for a preload hint, and the page loses its styles) and rebuild or drop
 * the rest. So hydration must change nothing the server sent but what React alone adds: the
 * markers between text nodes and round Suspense boundaries, the data scripts React Router
 * streams after the page, and the resource hints React moves into <head>.
 */

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { barangays } from "../../../db/schema";
import { CONSENT_TEXT } from "../../../modules/alerts/messages";
import { createSubscription } from "../../../modules/alerts/subscriptions.server";
import { registeredDemoAccount } from "../../../seed/accounts";
import { useSite } from "../../support/app";
import { openBrowser, PHONE } from "../../support/browser";
import { signInAs, type TestStaff } from "../../support/staff";

/**
 * Records, in the page, every change the hydration makes: the mutations delivered together with
 * the removal of React's text markers (`<!-- -->`), which only Preact's hydration removes.
 */
function recordHydration() {
  const describe = (n: Node) =>
    n instanceof Element
      ? `<${n.localName}${n.id ? `#${n.id}` : ""}${n.getAttribute("rel") ? ` rel=${n.getAttribute("rel")}` : ""}${n.getAttribute("href") ? ` href=${n.getAttribute("href")}` : ""}>`
      : `${n.nodeName} ${JSON.stringify((n.textContent ?? "").slice(0, 40))}`;
  const state = { title: "", sheets: [] as Element[], batches: [] as { removed: Node[]; added: Node[] }[] };
  Object.assign(window, { __hydration: state, __describe: describe });
  document.addEventListener("readystatechange", () => {
    if (document.readyState !== "interactive") return;
    // The whole page is parsed and no module has run yet.
    state.title = document.title;
    state.sheets = [...document.querySelectorAll('link[rel="stylesheet"]')];
    new MutationObserver((records) => {
      const batch = { removed: [] as Node[], added: [] as Node[] };
      for (const r of records) {
        batch.removed.push(...r.removedNodes);
        batch.added.push(...r.addedNodes);
      }
      state.batches.push(batch);
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The hydration's changes on the page, as descriptions, once it has run. */
async function hydrationChanges(page: Page) {
  await page.waitForFunction(() => {
    const { batches } = (window as unknown as { __hydration: { batches: { removed: Node[] }[] } }).__hydration;
    return batches.some((b) => b.removed.some((n) => n.nodeType === Node.COMMENT_NODE));
  });
  return page.evaluate(() => {
    const w = window as unknown as {
      __hydration: { title: string; sheets: Element[]; batches: { removed: Node[]; added: Node[] }[] };
      __describe: (n: Node) => string;
    };
    const batch = w.__hydration.batches.find((b) => b.removed.some((n) => n.nodeType === Node.COMMENT_NODE))!;
    /** React's own markup: markers, and the scripts that carry the page's data. */
    const reactOnly = (n: Node) =>
      n.nodeType === Node.COMMENT_NODE || (n instanceof HTMLScriptElement && !n.src && n.type !== "application/ld+json");
    /** What `<Scripts/>` renders in <body> in the browser (React put the same links in <head>). */
    const scriptsLinks = (n: Node) => n instanceof HTMLLinkElement && n.rel === "modulepreload" && n.parentNode === document.body;
    // A node removed and added again was moved in place; it is the same element.
    const moved = (n: Node) => n.isConnected;
    return {
      removed: batch.removed.filter((n) => !reactOnly(n) && !moved(n)).map(w.__describe),
      added: batch.added.filter((n) => !scriptsLinks(n) && !batch.removed.includes(n)).map(w.__describe),
      // The very stylesheet links the server sent, in <head>, never moved (a moved one loads again).
      stylesheets:
        [...document.querySelectorAll('link[rel="stylesheet"]')].every(
          (l, i) => l === w.__hydration.sheets[i] && l.parentNode === document.head,
        ) &&
        document.querySelectorAll('link[rel="stylesheet"]').length === w.__hydration.sheets.length &&
        ![...batch.removed, ...batch.added].some((n) => n instanceof HTMLLinkElement && n.rel === "stylesheet"),
      title: [w.__hydration.title, document.title],
    };
  });
}

describe("public form pages without React; the console hydrated (React on the server, Preact in the browser)", () => {
  const t = useSite({ env: { RATE_LIMIT: "off" } });
  let browser: Awaited<ReturnType<typeof openBrowser>>;
  let manageToken = "";
  let staff: TestStaff;

  beforeAll(async () => {
    browser = await openBrowser({ ...PHONE });
    const [barangay] = await t.db.handle.db.select().from(barangays).limit(1);
    manageToken = (
      await createSubscription(t.db.handle.db, {
        areas: [{ town: barangay!.town, barangayId: barangay!.id }],
        email: "hydration@example.test",
        notifyFinished: false,
        consentText: CONSENT_TEXT,
      })
    ).manageToken;
    staff = await signInAs(t, "admin");
  });
  afterAll(async () => {
    await browser?.cleanup();
  });

  const publicForms: [string, () => string][] = [
    ["AGAM registration", () => "/agam-registration"],
    ["AGAM registration confirmation", () => `/agam-registration-confirmation/web/${registeredDemoAccount(2)}`],
    ["customer satisfaction survey", () => "/customer-satisfaction-survey"],
    ["survey, short address", () => "/css"],
    ["bill inquiry", () => "/service/bill-inquiry"],
    ["new service connection", () => "/service/new-service-connection"],
    ["outage report", () => "/report"],
    ["interruption alerts", () => "/alerts"],
    ["alerts, manage a subscription", () => `/alerts/manage/${manageToken}`],
  ];
  for (const [name, path] of publicForms) {
    it(`loads no React on the ${name} page: its scripts are the enhancement modules`, async () => {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const scripts: string[] = [];
      page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
      const res = await page.goto(t.url + path());
      expect(res?.status()).toBe(200);
      await page.waitForLoadState("networkidle");
      expect(scripts.map((s) => s.replace(/-[\w-]+\.js$/, ".js")).sort()).toEqual(["/assets/enhance.js", "/assets/forms.js"]);
      expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  const pages: [string, () => string, { signedIn?: boolean }?][] = [
    // The console's titles come from `meta` (app/routes/staff/title.ts), in <head> in both renders.
    ["staff sign-in", () => "/staff/sign-in"],
    ["staff overview (signed in)", () => "/staff", { signedIn: true }],
  ];
  for (const [name, path, { signedIn = false } = {}] of pages) {
    it(`keeps the server's markup on the ${name} page`, async () => {
      if (signedIn) await browser.addCookies(staff.browserCookies(t.url));
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.addInitScript(recordHydration);
      const res = await page.goto(t.url + path());
      expect(res?.status()).toBe(200);
      if (signedIn) expect(new URL(page.url()).pathname, "the signed-in page, not the sign-in").toBe(path());
      const changes = await hydrationChanges(page);
      expect(changes.removed, "server elements hydration dropped").toEqual([]);
      expect(changes.added, "elements hydration made").toEqual([]);
      expect(changes.stylesheets, "the server's stylesheet links, untouched").toBe(true);
      expect(errors).toEqual([]);
      expect(changes.title[1], "the document's title").toBe(changes.title[0]);
      // One document, one head, one body, one main landmark (the console's sign-in page too).
      expect(await page.evaluate(() => document.querySelectorAll("html, head, body, main").length)).toBe(4);
      await page.close();
      if (signedIn) await browser.clearCookies();
    });
  }
});
