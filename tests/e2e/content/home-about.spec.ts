import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useSite } from "../../support/app";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";

type Browser = BrowserContext & { cleanup(): Promise<void> };

describe("home, about and informational pages", () => {
  const t = useSite();
  let js: Browser;
  let noJs: Browser;
  beforeAll(async () => {
    js = await openBrowser(DESKTOP);
    noJs = await openBrowser({ ...PHONE, javaScriptEnabled: false });
  });
  afterAll(async () => {
    await js?.cleanup();
    await noJs?.cleanup();
  });

  async function open(browser: Browser, path: string): Promise<Page> {
    const page = await browser.newPage();
    const res = await page.goto(t.url + path);
    expect(res?.status(), path).toBe(200);
    return page;
  }

  /** Presses Tab until the focused element matches, so the test proves keyboard reach. */
  async function tabTo(page: Page, accessibleName: RegExp, max = 150): Promise<void> {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press("Tab");
      const name = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el) return "";
        const alts = [...el.querySelectorAll("img")].map((i) => i.alt).join(" ");
        return el.getAttribute("aria-label") ?? `${alts} ${(el as HTMLElement).innerText ?? ""}`.trim();
      });
      if (accessibleName.test(name)) return;
    }
    throw new Error(`Could not reach ${accessibleName} with Tab`);
  }

  const hrefs = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.map((e) => e.getAttribute("href")));

  for (const mode of ["with JavaScript", "without JavaScript"] as const) {
    it(`shows the home page's banner, cards, counters, gallery and news ${mode}`, async () => {
      const page = await open(mode === "with JavaScript" ? js : noJs, "/");
      try {
        expect(await page.title()).toMatch(/WESPECO/);
        const banner = page.getByRole("region", { name: "Highlights" });
        expect(await banner.locator("li").count()).toBe(3);
        const bannerLinks = await banner
          .getByRole("link")
          .evaluateAll((els) => els.map((e) => new URL((e as HTMLAnchorElement).href).pathname));
        expect(bannerLinks).toContain("/news/advisories");
        expect(bannerLinks).toContain("/news/power-interruptions");
        // The first slide is readable straight away.
        expect(await page.getByRole("heading", { name: "Power interruption schedules" }).isVisible()).toBe(true);

        const card = (name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
        expect(await card("Apply for New Connection").getByRole("link", { name: "Apply for New Connection" }).getAttribute("href")).toBe(
          "/service/new-service-connection",
        );
        const outages = card("View or Report Outages");
        expect(await outages.getByRole("link", { name: "Report an outage" }).getAttribute("href")).toBe("/report");
        const portal = card("Register to the cooperative's online portal");
        expect(await portal.getByRole("link", { name: /^Sign in or register/ }).getAttribute("href")).toBe("/mco/login");
        expect(await portal.innerText()).not.toContain("Coming Soon");

        expect(await page.getByRole("heading", { name: "About Us", exact: true }).isVisible()).toBe(true);
        // Final numbers are in the page for everyone (screen readers read the hidden copy).
        const counters = await page.getByRole("list", { name: "The cooperative in numbers" }).innerText();
        for (const text of ["Consumers", "Projects Completed", "Awards and Citations"]) expect(counters).toContain(text);
        const numbers = await page.locator(".count-up .visually-hidden").allTextContents();
        expect(numbers).toEqual(["95,325", "8,530", "49"]);

        const captions = await page.locator(".gallery-grid figcaption").allInnerTexts();
        expect(captions.map((c) => c.trim())).toEqual([
          "Consumers",
          "Employees",
          "Substations",
          "Area Offices",
          "24/7 Services",
          "Board of Directors",
        ]);
        const imgs = page.locator(".gallery-grid img");
        for (let i = 0; i < 6; i++) {
          const img = imgs.nth(i);
          expect(await img.getAttribute("alt")).toMatch(/\w{4,}/);
          expect(await img.getAttribute("width")).toBe("960");
          expect(await img.getAttribute("height")).toBe("540");
          expect(await img.getAttribute("loading")).toBe("lazy");
          expect(await img.getAttribute("srcset")).toMatch(/-480-[0-9a-f]{12}\.webp 480w, .*-960-[0-9a-f]{12}\.webp 960w/);
        }
        // Without JavaScript each picture links to its full-size file.
        for (const href of await hrefs(page, ".gallery-grid a")) expect(href).toMatch(/^\/storage\/gallery-.*-960-[0-9a-f]{12}\.webp$/);

        const news = page.getByRole("region", { name: "News", exact: true });
        const newsLinks = news.getByRole("listitem").getByRole("link");
        expect(await newsLinks.count()).toBe(3);
        expect(await newsLinks.first().innerText()).toContain("Data Privacy Statement");
        const pdf = await newsLinks.first().getAttribute("href");
        expect(pdf).toMatch(/^\/storage\/data-privacy-statement-[0-9a-f]{12}\.pdf$/);
        const pdfRes = await fetch(t.url + pdf);
        expect(pdfRes.status).toBe(200);
        expect(pdfRes.headers.get("content-type")).toContain("application/pdf");
        expect(await newsLinks.nth(1).innerText()).toContain("Typhoon advisory");
        expect(await news.locator("time").count()).toBe(2);

        const controls = await page.getByRole("button", { name: /^Next: Highlights/ }).count();
        expect(controls).toBe(mode === "with JavaScript" ? 1 : 0);
      } finally {
        await page.close();
      }
    });
  }

  it("moves and pauses the banner from the keyboard", async () => {
    const page = await open(js, "/");
    try {
      const track = page.locator(".banner .carousel__track");
      const next = page.getByRole("button", { name: "Next: Highlights" });
      await next.focus();
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => (document.querySelector(".banner .carousel__track") as HTMLElement).scrollLeft > 100);
      expect(await track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
      const stop = page.getByRole("button", { name: "Stop autoplay: Highlights" });
      await stop.focus();
      await page.keyboard.press("Enter");
      expect(await page.getByRole("button", { name: "Start autoplay: Highlights" }).count()).toBe(1);
    } finally {
      await page.close();
    }
  });

  it("never autoplays the banner under reduced motion", async () => {
    const browser = await openBrowser({ ...DESKTOP, reducedMotion: "reduce" });
    try {
      const page = await browser.newPage();
      await page.goto(t.url + "/");
      await page.getByRole("button", { name: "Next: Highlights" }).waitFor();
      expect(await page.getByRole("button", { name: /autoplay/ }).count()).toBe(0);
    } finally {
      await browser.cleanup();
    }
  });

  it("counts the numbers up when they scroll into view", async () => {
    const page = await open(js, "/");
    try {
      await page.getByRole("button", { name: "Next: Highlights" }).waitFor();
      const shown = () => page.locator(".count-up [aria-hidden='true']").first().innerText();
      // Before scrolling the moving number waits at zero; then it climbs toward the final one.
      expect(await shown()).toBe("0");
      await page.locator(".counters").scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.querySelector(".count-up [aria-hidden='true']")?.textContent !== "0");
      expect(Number((await shown()).replace(/,/g, ""))).toBeGreaterThan(0);
    } finally {
      await page.close();
    }
  });

  it("opens a gallery picture in a dialog with Enter, closes it with Escape and returns focus", async () => {
    const page = await open(js, "/gallery");
    try {
      await page.getByRole("heading", { level: 1, name: "Gallery" }).waitFor();
      const links = page.locator(".gallery-grid a");
      expect(await links.count()).toBeGreaterThanOrEqual(6);
      await page.waitForFunction(() => document.documentElement.classList.contains("js"));
      await tabTo(page, /^The Dasol area office building/);
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Area Offices" });
      await dialog.waitFor({ state: "visible" });
      expect(await dialog.getByRole("img").getAttribute("src")).toMatch(/-960-[0-9a-f]{12}\.webp$/);
      // Focus moved into the dialog; the page behind is inert.
      expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toMatch(/gallery-area-offices-960/);
      // The Close button closes it too.
      await page.keyboard.press("Enter");
      await dialog.waitFor({ state: "visible" });
      await dialog.getByRole("button", { name: /Close/ }).click();
      await dialog.waitFor({ state: "hidden" });
    } finally {
      await page.close();
    }
  });

  it("shows a town's tooltip on the coverage map when it gets keyboard focus", async () => {
    const page = await open(js, "/about/coverage-area");
    try {
      const map = page.getByRole("group", { name: /Map of the nine towns/ });
      const towns = map.getByRole("img");
      expect(await towns.count()).toBe(9);
      const tip = page.locator("#tip-mabini");
      expect(await tip.isVisible()).toBe(false);
      await tabTo(page, /^Mabini: District 7/);
      expect(await tip.isVisible()).toBe(true);
      expect(await tip.textContent()).toContain("District 7");
      await page.keyboard.press("Tab");
      expect(await tip.isVisible()).toBe(false);
      // Hover works too.
      await page.locator("#town-bolinao polygon").hover();
      expect(await page.locator("#tip-bolinao").isVisible()).toBe(true);
      // The list of towns is there for everyone, screen readers included.
      const list = await page.getByRole("region", { name: "Towns we serve" }).innerText();
      for (const town of ["Bolinao", "Anda", "Bani", "Agno", "Alaminos City", "Burgos", "Mabini", "Dasol", "Infanta"])
        expect(list).toContain(town);
    } finally {
      await page.close();
    }
  });

  it("places the towns in their true relative positions", async () => {
    const page = await open(js, "/about/coverage-area");
    try {
      const centre = async (id: string) => {
        const box = (await page.locator(`#town-${id} polygon`).boundingBox())!;
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      };
      const c = Object.fromEntries(
        await Promise.all(
          ["bolinao", "anda", "bani", "alaminos", "agno", "burgos", "mabini", "dasol", "infanta"].map(
            async (id) => [id, await centre(id)] as const,
          ),
        ),
      );
      expect(c.bani!.y).toBeGreaterThan(c.bolinao!.y); // Bani south of Bolinao
      expect(c.anda!.x).toBeGreaterThan(c.bolinao!.x); // Anda east of Bolinao
      expect(c.alaminos!.x).toBeGreaterThan(c.bani!.x); // Alaminos east of Bani
      expect(c.agno!.x).toBeLessThan(c.bani!.x); // Agno south-west of Bani
      expect(c.agno!.y).toBeGreaterThan(c.bani!.y);
      expect(c.burgos!.y).toBeGreaterThan(c.agno!.y); // Burgos south of Agno
      expect(c.mabini!.x).toBeGreaterThan(c.burgos!.x); // Mabini east of Burgos, south of Alaminos
      expect(c.mabini!.y).toBeGreaterThan(c.alaminos!.y);
      expect(c.dasol!.y).toBeGreaterThan(c.burgos!.y); // Dasol south of Burgos
      for (const id of Object.keys(c)) if (id !== "infanta") expect(c.infanta!.y).toBeGreaterThan(c[id]!.y); // Infanta southernmost
    } finally {
      await page.close();
    }
  });

  it("shows one department's positions at a time on the organizational chart, by keyboard", async () => {
    const page = await open(js, "/about/organizational-structure");
    try {
      const chart = page.getByRole("list", { name: /Chain of authority/ });
      for (const level of ["Member Consumer Owners", "Board of Directors", "General Manager"])
        expect(await chart.getByText(level, { exact: true }).isVisible()).toBe(true);
      const panel = page.locator("#department-panel");
      expect(await panel.innerText()).toContain("No department chosen");
      await page.waitForFunction(() => document.documentElement.classList.contains("js"));
      await tabTo(page, /^TSD/);
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { name: "Technical Services Department (TSD)" }).waitFor();
      expect(await page.getByRole("link", { name: /^TSD/ }).getAttribute("aria-expanded")).toBe("true");
      expect(await page.getByRole("link", { name: /^TSD/ }).getAttribute("aria-controls")).toBe("department-panel");
      expect(await panel.innerText()).toContain("Lineman");
      expect(page.url()).toContain("department=TSD");
      // Another department replaces it: one at a time.
      await tabTo(page, /^AOD/);
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { name: /Area Operations Department \(AOD\)/ }).waitFor();
      expect(await page.getByRole("heading", { name: /Technical Services Department/ }).count()).toBe(0);
      expect(await page.getByRole("link", { name: /^TSD/ }).getAttribute("aria-expanded")).toBe("false");
      // Focus stays on the department the visitor chose.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^AOD/);
    } finally {
      await page.close();
    }
  });

  it("works without JavaScript: the organizational chart, FAQ and contact table", async () => {
    const page = await open(noJs, "/about/organizational-structure");
    try {
      for (const code of ["CPETITD", "IAD", "FSD", "ISD", "TSD", "AOD"])
        expect(await page.getByRole("link", { name: new RegExp(`^${code}`) }).count()).toBe(1);
      await page.getByRole("link", { name: /^FSD/ }).click();
      await page.getByRole("heading", { name: "Finance Services Department (FSD)" }).waitFor();
      expect(await page.locator("#department-panel").innerText()).toContain("Cashier");
      expect(new URL(page.url()).search).toBe("?department=FSD");

      await page.goto(t.url + "/faq");
      const items = page.locator("main details");
      expect(await items.count()).toBe(3);
      expect(await items.first().evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      await items.first().locator("summary").click();
      expect(await items.first().evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it("lists the offices with tel: links on the contact page", async () => {
    const page = await open(noJs, "/contact-us");
    try {
      const rows = page.getByRole("table").getByRole("row");
      expect(await rows.count()).toBe(5);
      const headers = await page.getByRole("rowheader").allInnerTexts();
      expect(headers).toEqual(["Hotline / Consumer Welfare", "North Area Sub Office", "South Area Sub Office", "Technical Services"]);
      const table = await page.getByRole("table").innerText();
      for (const office of ["Main Office", "Bolinao Area Office", "Dasol Area Office", "Alaminos Engineering Office"])
        expect(table).toContain(office);
      const tel = await hrefs(page, "table a");
      expect(tel.length).toBe(9);
      for (const h of tel) expect(h).toMatch(/^tel:\+63\d{9,10}$/);
      expect(await page.getByRole("link", { name: "0917 555 0101" }).getAttribute("href")).toBe("tel:+639175550101");
    } finally {
      await page.close();
    }
  });

  const PAGES: { path: string; h1: string; texts: string[] }[] = [
    { path: "/about-us", h1: "About Us", texts: ["member-consumers", "Company Profile"] },
    { path: "/about/company-profile", h1: "Company Profile", texts: ["Who we are", "Profile for 2026", "Last updated"] },
    { path: "/about/mission-vision", h1: "Mission and Vision", texts: ["Vision", "Mission", "Core Values", "Integrity"] },
    { path: "/about/pledge", h1: "Cooperative Pledge", texts: ["I pledge"] },
    { path: "/about/coverage-area", h1: "Coverage Area", texts: ["Bolinao", "Infanta", "Towns we serve"] },
    {
      path: "/about/organizational-structure?department=TSD",
      h1: "Organizational Structure",
      texts: ["Technical Services Department (TSD)", "Lineman"],
    },
    {
      path: "/about/bod",
      h1: "Board of Directors",
      texts: ["Chairperson", "Vice Chairperson", "Secretary", "Treasurer", "General Manager"],
    },
    { path: "/gallery", h1: "Gallery", texts: ["Consumers", "Board of Directors"] },
    { path: "/faq", h1: "Frequently Asked Questions", texts: ["new electric service connection"] },
    { path: "/terms-and-conditions", h1: "Terms and Conditions", texts: ["agree"] },
    { path: "/privacy-policy", h1: "Privacy Policy", texts: ["Main Office", "Data Privacy Statement"] },
    { path: "/contact-us", h1: "Contact Us", texts: ["Hotline / Consumer Welfare", "Technical Services"] },
    { path: "/mco/login", h1: "Sign in to the member portal", texts: ["6-digit code", "Register with your account number"] },
    {
      path: "/services",
      h1: "Our Services",
      texts: ["Residential", "Commercial", "Industrial", "Electrical Repair", "Security", "Support"],
    },
  ];

  it("renders every page without JavaScript, with its title, breadcrumb and content, no wider than a phone", async () => {
    const page = await noJs.newPage();
    try {
      for (const p of PAGES) {
        const res = await page.goto(t.url + p.path);
        expect(res?.status(), p.path).toBe(200);
        expect(await page.getByRole("heading", { level: 1 }).innerText(), p.path).toBe(p.h1);
        expect(await page.title(), p.path).toMatch(/ \| WESPECO$/);
        expect(await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Home" }).count(), p.path).toBe(1);
        const main = await page.locator("main").innerText();
        for (const text of p.texts) expect(main, `${p.path}: ${text}`).toContain(text);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, p.path).toBeLessThanOrEqual(0);
      }
    } finally {
      await page.close();
    }
  });

  it("shows the board: nine directors by district and the general manager", async () => {
    const page = await open(noJs, "/about/bod");
    try {
      const cards = page.locator(".bod-card");
      expect(await cards.count()).toBe(10);
      const text = (await cards.allInnerTexts()).map((s) => s.replace(/\s+/g, " "));
      const expectCard = (position: string, district: string) =>
        expect(
          text.some((c) => c.includes(position) && c.includes(`District: ${district}`)),
          `${position} ${district}`,
        ).toBe(true);
      expectCard("Chairperson", "Anda");
      expectCard("Vice Chairperson", "Alaminos");
      expectCard("Secretary", "Mabini");
      expectCard("Treasurer", "Bolinao");
      for (const d of ["Burgos", "Bani", "Dasol", "Infanta", "Agno"]) expectCard("Member", d);
      expect(text.filter((c) => c.includes("General Manager")).length).toBe(1);
    } finally {
      await page.close();
    }
  });

  it("links the data privacy statement under Main Office and the six service tiles", async () => {
    const page = await open(noJs, "/privacy-policy");
    try {
      const section = page.locator("main").getByRole("region", { name: "Main Office" });
      expect(await section.getByRole("link", { name: "Data Privacy Statement" }).getAttribute("href")).toMatch(
        /^\/storage\/data-privacy-statement-[0-9a-f]{12}\.pdf$/,
      );
      await page.goto(t.url + "/services");
      expect(await page.locator("main").getByRole("heading", { level: 2 }).allInnerTexts()).toEqual([
        "Residential",
        "Commercial",
        "Industrial",
        "Electrical Repair",
        "Security",
        "Support",
      ]);
    } finally {
      await page.close();
    }
  });
});
