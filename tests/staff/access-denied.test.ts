/**
 * Refused console requests are audited: an `access.denied` entry with who, the permission,
 * the path and the address for each 403, capped per account so a flood cannot fill the disk.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { ACCESS_DENIED_AUDIT_RULE } from "../../modules/staff/access-denied.server";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs } from "../support/staff";

describe("access.denied in the audit log", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true, env: { TRUST_PROXY: "127.0.0.1", RATE_LIMIT: "off" } });
  });
  afterAll(async () => t?.close());

  it("records each refused console request, up to the cap per account", async () => {
    const dispatcher = await signInAs(t, "dispatcher");
    const one = await t.app.inject({ url: "/staff/users?q=x", headers: { cookie: dispatcher.cookie, "x-forwarded-for": "192.0.2.77" } });
    expect(one.statusCode).toBe(403);
    const entries = () =>
      t.db.handle.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "access.denied"), eq(auditLog.actorId, dispatcher.id)));
    const [first] = await entries();
    expect(first).toMatchObject({
      actorEmail: dispatcher.email,
      objectType: "path",
      objectId: "/staff/users",
      ip: "192.0.2.77",
      after: { method: "GET", permission: "users.manage", role: "dispatcher" },
    });

    const flood = await Promise.all(
      Array.from({ length: 118 }, (_, i) =>
        t.app.inject({
          url: i % 2 ? "/staff/users" : "/staff/audit",
          headers: { cookie: dispatcher.cookie, "x-forwarded-for": "192.0.2.77" },
        }),
      ),
    );
    expect(flood.every((r) => r.statusCode === 403)).toBe(true);
    const recorded = (await entries()).length;
    console.info(
      `[figure] 119 refused console requests → ${recorded} access.denied entries (cap ${ACCESS_DENIED_AUDIT_RULE.free} an hour)`,
    );
    expect(recorded).toBe(ACCESS_DENIED_AUDIT_RULE.free);
  });
});
