/**
 * Every printable form printed to PDF by Chromium on A4: the page count is what the
 * layout was made for, the site's shell is gone, and the figures come from the constants.
 * The PDFs are written to /tmp/forms/pdf/ to be looked at (pdftoppm -png).
 */

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRINTABLE_FORMS } from "../../../app/content/printable-forms";
import { CONTRACT_TERMS, FEES, SHARES } from "../../../modules/shared/constants";
import { useSite } from "../../support/app";
import { openBrowser } from "../../support/browser";

const OUT = process.env.FORMS_PDF_DIR ?? "/tmp/forms/pdf";

/** The number of A4 sheets each form was laid out for. */
const EXPECTED_PAGES: Record<string, number> = {
  "wiring-job-order": 1,
  "membership-application": 1,
  "metered-service-contract": 1,
  "transfer-of-name": 1,
  "transfer-of-share-capital": 1,
  "member-profile": 1,
  "complaint-form": 1,
  "meter-complaint-letter": 1,
  "name-transfer-requirements": 1,
};

function pageCount(pdf: Buffer, file: string): number {
  try {
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    const m = /^Pages:\s+(\d+)/m.exec(info);
    if (m) return Number(m[1]);
  } catch {
    // pdfinfo (poppler-utils) not installed: count the page objects instead.
  }
  return (pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
}

describe("printable forms", () => {
  const t = useSite();
  let browser: BrowserContext & { cleanup(): Promise<void> };

  beforeAll(async () => {
    browser = await openBrowser();
    fs.mkdirSync(OUT, { recursive: true });
  });
  afterAll(async () => {
    await browser?.cleanup();
  });

  it("lists every form, and answers 404 for an unknown one", async () => {
    const page = await browser.newPage();
    await page.goto(`${t.url}/service/request-complaint`);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Requests and Complaints");
    for (const form of PRINTABLE_FORMS)
      expect(await page.getByRole("link", { name: form.title }).getAttribute("href")).toBe(`/service/request-complaint/${form.slug}`);
    expect(Object.keys(EXPECTED_PAGES).sort()).toEqual(PRINTABLE_FORMS.map((f) => f.slug).sort());
    const missing = await page.goto(`${t.url}/service/request-complaint/no-such-form`);
    expect(missing?.status()).toBe(404);
    await page.close();
  });

  for (const form of PRINTABLE_FORMS) {
    it(`prints ${form.slug} on ${EXPECTED_PAGES[form.slug]} A4 page(s) without the site's shell`, async () => {
      const page = await browser.newPage();
      await page.goto(`${t.url}/service/request-complaint/${form.slug}`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(form.title);
      await page.getByRole("button", { name: "Print this form" }).waitFor();

      await page.emulateMedia({ media: "print" });
      for (const selector of [".site-header", ".site-footer", ".breadcrumb", ".printable__tools"]) {
        const count = await page.locator(selector).count();
        if (count) expect(await page.locator(selector).first().isVisible(), selector).toBe(false);
      }
      const pdf = await page.pdf({ format: "A4", printBackground: true });
      const file = path.join(OUT, `${form.slug}.pdf`);
      fs.writeFileSync(file, pdf);
      expect(pageCount(pdf, file)).toBe(EXPECTED_PAGES[form.slug]);
      await page.close();
    });
  }

  it("takes its figures from the constants", async () => {
    const page = await browser.newPage();
    const text = async (slug: string) => {
      await page.goto(`${t.url}/service/request-complaint/${slug}`);
      return page.locator("main").innerText();
    };
    const contract = await text("metered-service-contract");
    for (const phrase of [
      `within ${CONTRACT_TERMS.billPaymentDays} days`,
      `${CONTRACT_TERMS.disconnectionNoticeHours} hours' written notice`,
      `${CONTRACT_TERMS.treeHeightLimitFeet} feet`,
      `${CONTRACT_TERMS.freeDuplexWireMeters} m of service drop`,
      `Php ${FEES.notarialPhp}`,
    ])
      expect(contract).toContain(phrase);
    expect(await text("name-transfer-requirements")).toContain(`Php ${FEES.nameTransferTotalPhp}`);
    const membership = await text("membership-application");
    expect(membership).toContain(`at least ${SHARES.minimumShares} shares`);
    expect(membership).toContain(`Php ${SHARES.monthlyInstallmentPhp} per month`);
    for (const role of ["Licensed electrician", "General Manager"]) expect(await text("wiring-job-order")).toContain(role);
    expect(await text("transfer-of-name")).toContain("Barangay Captain");
    expect(await text("transfer-of-share-capital")).toContain("Notary Public");
    await page.close();
  });
});
