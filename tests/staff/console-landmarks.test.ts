/** Every console page, sign-in included, puts its content in one `main` landmark (screen readers jump to it). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs } from "../support/staff";

describe("console landmarks", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true });
  });
  afterAll(async () => t?.close());

  const mains = (html: string) => [...html.matchAll(/<main\b[^>]*>([\s\S]*?)<\/main>/g)].map((m) => m[1]!);

  it("the sign-in and enrolment pages have one main holding the heading and the form", async () => {
    for (const url of ["/staff/sign-in", "/staff/enrol/not-a-real-token"]) {
      const html = (await t.app.inject({ url })).body;
      const found = mains(html);
      expect(found, url).toHaveLength(1);
      expect(found[0], url).toMatch(/<h1/);
    }
    expect(mains((await t.app.inject({ url: "/staff/sign-in" })).body)[0]).toMatch(/<form[^>]*method="post"/);
  });

  it("a signed-in page has one main", async () => {
    const admin = await signInAs(t, "admin");
    const html = (await t.app.inject({ url: "/staff", headers: { cookie: admin.cookie } })).body;
    expect(mains(html)).toHaveLength(1);
  });
});
