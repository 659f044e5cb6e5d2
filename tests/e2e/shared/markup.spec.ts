/**
 * Markup measured by tools this project did not write, on every page of the site
 * (tests/support/public-pages.ts): the W3C Nu HTML Checker (vnu-jar, on Debian's Java)
 * finds no error, and axe-core with the WCAG 2.2 AA rules finds no violation at 375 px
 * and at 1280 px.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { DESKTOP, openBrowser, PHONE } from "../../support/browser";
import { collectPublicPages, type PublicPage } from "../../support/public-pages";

const require = createRequire(import.meta.url);
const VNU_JAR = String(require("vnu-jar"));
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

describe("markup of every page", () => {
  let t: TestApp;
  let pages: PublicPage[];
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    await t.listen();
    pages = await collectPublicPages(t.url);
  }, 600_000);
  afterAll(async () => t?.close());

  it("walks every page of the route table and the sitemap", () => {
    // Where each page was opened and where it ended: /fil/mco, without a session, is /fil/mco/login.
    const paths = pages.flatMap((p) => [p.path, p.finalPath]);
    for (const p of [
      "/",
      "/rates",
      "/news/power-interruptions",
      "/agam-registration",
      "/customer-satisfaction-survey",
      "/fil/customer-satisfaction-survey",
      "/fil/agam-registration",
      "/fil/agam-status",
      "/fil/mco/login",
      "/fil/mco/register",
      "/service/bill-inquiry",
      "/contact-us",
      "/api/v1/docs",
      "/no/such/page",
    ])
      expect(paths).toContain(p);
    expect(paths.some((p) => p.startsWith("/bid/"))).toBe(true);
    expect(paths.some((p) => p.startsWith("/news/advisory/"))).toBe(true);
    expect(pages.length).toBeGreaterThan(30);
  });

  // Every page in one test: on a shared 2-core machine that takes minutes, not the default 90 s.
  it("has 0 errors in the W3C Nu HTML Checker on every page", { timeout: 600_000 }, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vnu-"));
    try {
      const files = pages.map((page, i) => {
        const file = path.join(dir, `${String(i).padStart(3, "0")}.html`);
        fs.writeFileSync(file, page.html);
        return file;
      });
      // One Java start for every page; --exit-zero-always: the report says what failed.
      const out = execFileSync("java", ["-jar", VNU_JAR, "--format", "json", "--exit-zero-always", "--stdout", ...files], {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      });
      const report = JSON.parse(out) as {
        messages: { type: string; subType?: string; url: string; message: string; lastLine?: number; extract?: string }[];
      };
      const errors = report.messages
        .filter((m) => m.type === "error" || m.type === "non-document-error" || m.subType === "fatal")
        .map((m) => `${pages[Number(path.basename(m.url).slice(0, 3))]?.path ?? m.url}:${m.lastLine ?? "?"} ${m.message}`);
      console.log(`vnu: ${pages.length} pages, ${errors.length} errors`);
      expect(errors).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  for (const size of [PHONE, DESKTOP]) {
    it(`has 0 axe-core WCAG 2.2 AA violations on every page at ${size.width} px`, { timeout: 900_000 }, async () => {
      const browser = await openBrowser(size);
      const found: string[] = [];
      try {
        const page = await browser.newPage();
        for (const p of pages) {
          await page.goto(t.url + p.path, { waitUntil: "load" });
          // Evaluated through the DevTools protocol, so the page's CSP does not apply to it.
          await page.evaluate(AXE_SOURCE);
          const violations = await page.evaluate(async (tags) => {
            const axe = (
              window as unknown as {
                axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
              }
            ).axe;
            const result = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
            return result.violations.map(
              (v) =>
                `${v.id} (${v.nodes
                  .map((n) => n.target.join(" "))
                  .slice(0, 3)
                  .join(", ")})`,
            );
          }, WCAG_22_AA);
          for (const v of violations) found.push(`${p.path}: ${v}`);
        }
      } finally {
        await browser.cleanup();
      }
      console.log(`axe at ${size.width} px: ${pages.length} pages, ${found.length} violations`);
      expect(found).toEqual([]);
    });
  }
});
