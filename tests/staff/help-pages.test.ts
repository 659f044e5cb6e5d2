/**
 * Help in the console: no console page tells staff to "see docs/…" (a file in the repository they
 * cannot open); each help link on the console's pages answers with its page for any signed-in
 * staff member, and a help page's template links download.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleNav } from "../../app/routes/staff/nav";
import { HELP_TOPICS } from "../../modules/help/topics";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs, type TestStaff } from "../support/staff";

describe("help pages in the console", () => {
  let t: TestApp;
  let admin: TestStaff;
  let dispatcher: TestStaff;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
    admin = await signInAs(t, "admin");
    dispatcher = await signInAs(t, "dispatcher");
  });
  afterAll(async () => t?.close());
  const get = (url: string, who: TestStaff) => t.app.inject({ url, headers: { cookie: who.cookie } });
  const visibleText = (html: string) =>
    html
      .replace(/<script[\s\S]*?<\/script>/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&[a-z#0-9]+;/g, " ");

  it("links every console page's instructions to a help page any staff member opens, never to docs/", async () => {
    const helpLinks = new Set<string>();
    for (const entry of consoleNav) {
      const page = await get(entry.to, admin);
      expect(page.statusCode, entry.to).toBe(200);
      expect(visibleText(page.body), entry.to).not.toContain("docs/");
      for (const m of page.body.matchAll(/href="(\/staff\/help\/[^"#]+)/g)) helpLinks.add(m[1]!);
    }
    // The bill import and the online payments' reconciliation both point to the file formats.
    expect([...helpLinks]).toContain("/staff/help/bill-files");
    for (const link of helpLinks) {
      const help = await get(link, dispatcher);
      expect(help.statusCode, link).toBe(200);
      expect(visibleText(help.body)).not.toContain("docs/");
    }
  });

  it("shows each topic's instructions and its templates to any signed-in staff member, and no one else", async () => {
    for (const topic of Object.keys(HELP_TOPICS)) {
      const page = await get(`/staff/help/${topic}`, dispatcher);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("<h1>Bill and payment files</h1>");
      // The columns' table, from the same Markdown the repository keeps.
      expect(page.body).toMatch(/<td data-label="Column"><code>total_amount_due<\/code><\/td>/);
      expect(page.body).toContain('<h3 id="online-payments">Online payments</h3>');
      for (const m of page.body.matchAll(/href="(\/staff\/help\/files\/[^"]+)"/g)) {
        const file = await get(m[1]!, dispatcher);
        expect(file.statusCode, m[1]).toBe(200);
        expect(file.headers["content-type"]).toContain("text/csv");
      }
      expect([...page.body.matchAll(/href="\/staff\/help\/files\//g)]).toHaveLength(2);
    }
    const anonymous = await t.app.inject({ url: "/staff/help/bill-files" });
    expect(anonymous.statusCode).not.toBe(200);
    expect((await get("/staff/help/no-such-topic", dispatcher)).statusCode).toBe(404);
  });
});
