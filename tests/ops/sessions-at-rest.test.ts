/**
 * A copy of the database opens no session: with a staff member and a member signed in, every
 * row of the session tables is read (what a dump or a stolen backup holds) and each stored token
 * is made into a cookie signed with the realm's real secret (the worst case: the secret leaked
 * too). None opens a session; the browsers' own cookies still do.
 */
import crypto from "node:crypto";
import { makeSignature } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { portalUser } from "../../db/schema";
import { internalEmail, portalAuth, SESSION_COOKIE, sessionRule, startSession } from "../../modules/portal/auth.server";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs } from "../support/staff";

let t: TestApp;
let staffCookie: string;
let memberCookie: string;
let memberToken: string;
beforeAll(async () => {
  t = await createTestApp({ withPages: true });
  staffCookie = (await signInAs(t, "admin")).cookie;
  const id = `atrest${crypto.randomBytes(4).toString("hex")}`;
  await t.db.handle.db.insert(portalUser).values({ id, name: "", email: internalEmail(id) });
  const headers = await startSession(await portalAuth(t.db.handle.db, t.config.publicUrl), id, new Headers());
  const set = headers?.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!set) throw new Error("no member session");
  memberCookie = set.split(";")[0]!;
  const value = decodeURIComponent(memberCookie.slice(SESSION_COOKIE.length + 1));
  memberToken = value.slice(0, value.lastIndexOf("."));
}, 60_000);
afterAll(async () => t?.close());

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });

describe("the session tables at rest", () => {
  it("hold a hash of each token, never the token", async () => {
    const rows = await queryRows<{ token: string }>(t.db.handle.db, sql`select token from portal_session`);
    expect(rows.map((r) => r.token)).toContain(crypto.createHash("sha256").update(memberToken).digest("hex"));
    expect(rows.map((r) => r.token)).not.toContain(memberToken);
    // Nowhere else either: no column of either table holds the token.
    const dump = await queryRows<{ row: string }>(
      t.db.handle.db,
      sql`select r::text as row from portal_session r union all select r::text from staff_session r`,
    );
    expect(dump.some((r) => r.row.includes(memberToken))).toBe(false);
  });

  it("open no staff session and no member session, even signed with the real secrets", async () => {
    // The browsers' own cookies work: the check below is not refusing everything.
    expect((await get("/staff", staffCookie)).statusCode).toBe(200);
    expect((await get("/mco", memberCookie)).statusCode).toBe(200);

    const staffCtx = await t.app.staffAuth.$context;
    const staffRows = await queryRows<{ token: string }>(t.db.handle.db, sql`select token from staff_session`);
    expect(staffRows.length).toBeGreaterThan(0);
    for (const { token } of staffRows) {
      const forged = `${staffCtx.authCookies.sessionToken.name}=${encodeURIComponent(`${token}.${await makeSignature(token, staffCtx.secret)}`)}`;
      const r = await get("/staff", forged);
      expect(r.statusCode).toBe(302);
      expect(r.headers.location).toMatch(/^\/staff\/sign-in/);
    }

    const rule = await sessionRule(await portalAuth(t.db.handle.db, t.config.publicUrl));
    const memberRows = await queryRows<{ token: string }>(t.db.handle.db, sql`select token from portal_session`);
    expect(memberRows.length).toBeGreaterThan(0);
    for (const { token } of memberRows) {
      const forged = `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${await makeSignature(token, rule.secret)}`)}`;
      const r = await get("/mco", forged);
      expect(r.headers.location).toBe("/mco/login");
    }
  });
});
