/** The newcomer's first start: a one-time link for a demo administrator, never a default password. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { staffPasskey, staffUser } from "../../db/schema";
import { DEMO_ADMIN_EMAIL, demoAdminLink } from "../../modules/staff/demo.server";
import { createTestApp, type TestApp } from "../support/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ withPages: true });
});
afterAll(async () => t?.close());

test("a link on an empty staff table, a fresh one while unused, none once the account has a factor", async () => {
  const db = t.app.deps.database.db;
  const first = await demoAdminLink(db, "http://localhost:3000");
  expect(first).toMatch(/^http:\/\/localhost:3000\/staff\/enrol\/[A-Za-z0-9_-]{40,}$/);
  const [admin] = await db.select().from(staffUser).where(eq(staffUser.email, DEMO_ADMIN_EMAIL));
  expect(admin).toMatchObject({ role: "admin", twoFactorEnabled: false });

  const second = await demoAdminLink(db, "http://localhost:3000");
  expect(second).not.toBe(first);
  // The earlier link stopped working; the new one opens the enrolment page.
  expect((await t.app.inject({ url: new URL(first!).pathname })).body).toContain("This link does not work");
  expect((await t.app.inject({ url: new URL(second!).pathname })).body).toContain("Set up your account");

  await db
    .insert(staffPasskey)
    .values({ id: "pk1", userId: admin!.id, publicKey: "x", credentialID: "c1", counter: 0, deviceType: "singleDevice", backedUp: false });
  expect(await demoAdminLink(db, "http://localhost:3000")).toBeNull();
});
