/**
 * Member passkeys over HTTP (inject), with a software authenticator made here (a P-256 key,
 * the assertion signed as a device would): the options need a fresh proof to add one, a
 * member's passkey signs in to the portal and never to /staff, a staff passkey never makes
 * a member session, the "my data" file lists them and closing the portal account deletes them.
 */
import crypto from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalLinks, portalPasskey, portalSession, portalSignIns, portalUser, staffPasskey, staffUser } from "../../db/schema";
import { COMMAND_LINE, inviteStaff } from "../../modules/staff/users.server";
import { demoAccountNumber } from "../../seed/accounts";
import { PORTAL_PASSKEY_OPTIONS_RULE } from "../../server/portal-passkeys";
import { createTestApp, type TestApp } from "../support/app";
import { type SmsGatewayStandIn, startSmsGateway } from "../support/sms-gateway";
import { codeIn, register, Visitor, waitUntil } from "./helpers";

const b64url = (b: Buffer | Uint8Array) => Buffer.from(b).toString("base64url");
const sha256 = (b: Buffer | string) => crypto.createHash("sha256").update(b).digest();

/** A passkey as a device holds it: a key pair and a credential id. */
function softKey() {
  const { publicKey, privateKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const cose = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x!, "base64url")],
    [-3, Buffer.from(jwk.y!, "base64url")],
  ]);
  return {
    credentialID: b64url(crypto.randomBytes(16)),
    privateKey,
    /** As better-auth stores it: the COSE key in base64. */
    stored: Buffer.from(isoCBOR.encode(cose)).toString("base64"),
    counter: 0,
  };
}
type SoftKey = ReturnType<typeof softKey>;

/** The assertion a device would answer to these options for this origin. */
function assertion(key: SoftKey, challenge: string, origin: string) {
  key.counter += 1;
  const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge, origin, crossOrigin: false }));
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(key.counter);
  const authenticatorData = Buffer.concat([sha256(new URL(origin).hostname), Buffer.from([0x05]), counter]);
  const signature = crypto.sign("sha256", Buffer.concat([authenticatorData, sha256(clientDataJSON)]), key.privateKey);
  return {
    id: key.credentialID,
    rawId: key.credentialID,
    type: "public-key",
    response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature) },
    clientExtensionResults: {},
  };
}

describe("member passkeys", () => {
  let t: TestApp;
  let sms: SmsGatewayStandIn;
  let origin: string;
  const A = demoAccountNumber(1, 0);
  const B = demoAccountNumber(2, 0);
  beforeAll(async () => {
    sms = await startSmsGateway();
    t = await createTestApp({
      withPages: true,
      // The origin inject requests come from (the relying party of both realms' passkeys).
      env: {
        PUBLIC_URL: "http://localhost",
        RATE_LIMIT: "off",
        TRUST_PROXY: "127.0.0.1",
        SMS_GATEWAY_URL: sms.url,
        SMS_API_KEY: sms.apiKey,
      },
    });
    origin = new URL(t.app.deps.config.publicUrl).origin;
  });
  afterAll(async () => {
    await t?.close();
    await sms?.close();
  });
  const db = () => t.db.handle.db;

  async function json(v: Visitor, method: "GET" | "POST", url: string, body?: unknown) {
    const res = await t.app.inject({
      method,
      url,
      headers: {
        cookie: v.jar.header,
        "x-forwarded-for": v.ip,
        origin,
        ...(body ? { "content-type": "application/json" } : {}),
      },
      payload: body ? JSON.stringify(body) : undefined,
    });
    v.jar.take(res.headers);
    return res;
  }

  /** Signs in with the passkey through `base` (the portal's or the console's ceremony). */
  async function signInWith(v: Visitor, key: SoftKey, base: string, query = "") {
    const options = await json(v, "GET", `${base}/generate-authenticate-options`);
    expect(options.statusCode).toBe(200);
    return json(v, "POST", `${base}/verify-authentication${query}`, { response: assertion(key, options.json().challenge, origin) });
  }

  async function addPasskey(userId: string, name: string) {
    const key = softKey();
    await db().insert(portalPasskey).values({
      id: crypto.randomUUID(),
      name,
      publicKey: key.stored,
      userId,
      credentialID: key.credentialID,
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
      createdAt: new Date(),
    });
    return key;
  }

  const memberOf = async (v: Visitor) => {
    const me = await v.get("/mco/my-data.json");
    return me.json().portalAccount.id as string;
  };

  it("adding a passkey needs a signed-in member with a fresh proof; the device's account name is the portal and the linked account", async () => {
    const stranger = new Visitor(t);
    expect((await json(stranger, "GET", "/mco/auth/passkey/generate-register-options")).statusCode).toBe(403);

    const v = new Visitor(t);
    await register(v, sms, A);
    const userId = await memberOf(v);
    // Just signed in: fresh.
    const fresh = await json(v, "GET", "/mco/auth/passkey/generate-register-options?name=evil");
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().rp).toEqual({ name: "WESPECO member portal", id: new URL(origin).hostname });
    // The account name the phone or password manager keeps: the portal and the member's linked
    // account, never the internal e-mail better-auth keeps, nor the name the script asked for.
    expect(fresh.json().user.name).toBe(`WESPECO member portal \u00b7 ${A}`);
    expect(fresh.json().user.displayName).toBe(fresh.json().user.name);
    expect(fresh.body).not.toContain("members.invalid");
    expect(fresh.body).not.toContain("evil");
    // In the member's language; with no account linked any more, the contact, masked.
    await db().update(portalUser).set({ language: "fil" }).where(eq(portalUser.id, userId));
    const fil = await json(v, "GET", "/mco/auth/passkey/generate-register-options");
    expect(fil.json().user).toMatchObject({
      name: `Portal ng miyembro ng WESPECO \u00b7 ${A}`,
      displayName: `Portal ng miyembro ng WESPECO \u00b7 ${A}`,
    });
    await db().update(portalUser).set({ language: "en" }).where(eq(portalUser.id, userId));
    const [link] = await db().delete(portalLinks).where(eq(portalLinks.userId, userId)).returning();
    const unlinked = await json(v, "GET", "/mco/auth/passkey/generate-register-options");
    expect(unlinked.json().user.name).toMatch(/^WESPECO member portal \u00b7 09\d\d \u2022\u2022\u2022 \d{4}$/);
    expect(unlinked.json().user.displayName).toBe(unlinked.json().user.name);
    expect(unlinked.body).not.toContain("members.invalid");
    await db().insert(portalLinks).values(link!);
    // The page shows the form to create one (hidden until its script runs), not the code step.
    expect((await v.get("/mco/passkeys")).body).toContain('data-passkey="register"');
    // The page in Filipino too (its own catalog: app/messages/portal-passkeys.ts).
    const filPage = await v.get("/fil/mco/passkeys");
    expect(filPage.statusCode).toBe(200);
    expect(filPage.body).toContain("Ang inyong mga passkey");
    expect(filPage.body).toContain("Gumawa ng passkey");

    // Signed in 20 minutes ago: no longer fresh; the page offers a code instead.
    await db()
      .update(portalSession)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(portalSession.userId, userId));
    expect((await json(v, "GET", "/mco/auth/passkey/generate-register-options")).statusCode).toBe(403);
    expect((await json(v, "POST", "/mco/auth/passkey/verify-registration", { response: {} })).statusCode).toBe(403);
    const page = await v.get("/mco/passkeys");
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.body).not.toContain('data-passkey="register"');
    const before = sms.messages.length;
    const started = await v.post("/mco/passkeys", { intent: "fresh-start" });
    expect(started.statusCode).toBe(200);
    await waitUntil(() => sms.messages.length > before);
    const code = codeIn(sms.messages.at(-1)!.message)!;
    const r = /name="r" value="([^"]+)"/.exec(started.body)![1]!;
    // A wrong code first: refused beside the field, still not fresh.
    const wrong = await v.post("/mco/passkeys", { intent: "fresh", r, code: code === "000000" ? "111111" : "000000" });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain("That code is not right");
    expect((await json(v, "GET", "/mco/auth/passkey/generate-register-options")).statusCode).toBe(403);
    const ok = await v.post("/mco/passkeys", { intent: "fresh", r, code });
    expect(ok.statusCode).toBe(303);
    expect((await json(v, "GET", "/mco/auth/passkey/generate-register-options")).statusCode).toBe(200);
  });

  it("a member's passkey signs in to the portal only; a staff passkey never makes a member session", async () => {
    const v = new Visitor(t);
    await register(v, sms, B);
    const userId = await memberOf(v);
    const key = await addPasskey(userId, "Phone");

    // Into /staff: the console's realm does not know it, and no console cookie is set.
    const intoStaff = new Visitor(t);
    const refused = await signInWith(intoStaff, key, "/staff/auth/passkey");
    expect(refused.statusCode).toBe(401);
    expect(intoStaff.jar.header).not.toMatch(/staff\.session_token=/);

    // Into the portal: a member session, recorded as a passkey sign-in.
    const member = new Visitor(t);
    const signedIn = await signInWith(member, key, "/mco/auth/passkey");
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({});
    const cookie = String(signedIn.headers["set-cookie"]);
    expect(cookie).toMatch(/__Host-mco\.session=[^;]+;.*Secure/);
    expect(cookie).toMatch(/HttpOnly/);
    expect((await member.get("/mco")).statusCode).toBe(200);
    const [last] = await db().select().from(portalSignIns).where(eq(portalSignIns.userId, userId)).orderBy(portalSignIns.id);
    expect(last).toBeDefined();
    const methods = (await db().select().from(portalSignIns).where(eq(portalSignIns.userId, userId))).map((s) => s.method);
    expect(methods).toContain("passkey");
    // The page's language (passkey.js sends it) is the member's from then on, as after a code.
    const language = async () => (await db().select({ l: portalUser.language }).from(portalUser).where(eq(portalUser.id, userId)))[0]!.l;
    expect(await language()).toBe("en");
    expect((await signInWith(new Visitor(t), key, "/mco/auth/passkey", "?lang=fil")).statusCode).toBe(200);
    expect(await language()).toBe("fil");
    // The member session opens nothing in the console.
    const staffPage = await member.get("/staff");
    expect(staffPage.statusCode).toBe(302);
    expect(staffPage.headers.location).toContain("/staff/sign-in");

    // A staff passkey (the console's table) at the portal's ceremony: refused, no member cookie.
    await inviteStaff(db(), { email: "passkey.staff@example.com", name: "Pia Staff", role: "admin" }, COMMAND_LINE, origin);
    const [staff] = await db().select().from(staffUser).where(eq(staffUser.email, "passkey.staff@example.com"));
    const staffKey = softKey();
    await db().insert(staffPasskey).values({
      id: crypto.randomUUID(),
      name: "Office key",
      publicKey: staffKey.stored,
      userId: staff!.id,
      credentialID: staffKey.credentialID,
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
      createdAt: new Date(),
    });
    const intoPortal = new Visitor(t);
    const notMember = await signInWith(intoPortal, staffKey, "/mco/auth/passkey");
    expect(notMember.statusCode).toBe(401);
    expect(intoPortal.jar.header).not.toMatch(/__Host-mco\.session=/);
    // The same staff key does open the console's realm (so the refusal above is the realm's).
    const intoConsole = new Visitor(t);
    expect((await signInWith(intoConsole, staffKey, "/staff/auth/passkey")).statusCode).toBe(200);
    expect(intoConsole.jar.header).toMatch(/staff\.session_token=/);
    expect(intoConsole.jar.header).not.toMatch(/__Host-mco\.session=/);
  });

  it("a replayed or forged assertion is refused", async () => {
    const v = new Visitor(t);
    const { done } = await register(v, sms, demoAccountNumber(1, 2));
    expect(done.statusCode).toBe(303);
    const key = await addPasskey(await memberOf(v), "Laptop");
    const other = softKey();
    other.credentialID = key.credentialID; // right id, wrong private key
    const forger = new Visitor(t);
    expect([400, 401]).toContain((await signInWith(forger, other, "/mco/auth/passkey")).statusCode);
    expect(forger.jar.header).not.toMatch(/__Host-mco\.session=/);
    // The challenge is single use: the same answer twice signs in once.
    const x = new Visitor(t);
    const options = await json(x, "GET", "/mco/auth/passkey/generate-authenticate-options");
    const answer = { response: assertion(key, options.json().challenge, origin) };
    expect((await json(x, "POST", "/mco/auth/passkey/verify-authentication", answer)).statusCode).toBe(200);
    const replay = new Visitor(t);
    replay.jar = x.jar; // the same challenge cookie, sent again
    expect([400, 401]).toContain((await json(replay, "POST", "/mco/auth/passkey/verify-authentication", answer)).statusCode);
  });

  it("the options are limited per address, and only the ceremony paths exist", async () => {
    const v = new Visitor(t, "192.0.2.77");
    const answers = await Promise.all(
      Array.from({ length: PORTAL_PASSKEY_OPTIONS_RULE.free + 5 }, () => json(v, "GET", "/mco/auth/passkey/generate-authenticate-options")),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(PORTAL_PASSKEY_OPTIONS_RULE.free);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(5);
    expect((await json(new Visitor(t), "GET", "/mco/auth/passkey/list-user-passkeys")).statusCode).toBe(404);
    expect((await json(new Visitor(t), "GET", "/mco/auth/get-session")).statusCode).toBe(404);
  });

  it("my data lists the passkeys (name and date, no key); removing and closing delete them", async () => {
    const v = new Visitor(t);
    await register(v, sms, demoAccountNumber(2, 2));
    const userId = await memberOf(v);
    await addPasskey(userId, "Phone");
    const second = await addPasskey(userId, "Tablet");
    const file = (await v.get("/mco/my-data.json")).json();
    expect(file.passkeys.map((p: { name: string }) => p.name)).toEqual(["Phone", "Tablet"]);
    expect(JSON.stringify(file)).not.toContain(second.stored);
    const page = await v.get("/mco/passkeys");
    expect(page.body).toContain("Tablet");

    // Another member cannot remove them.
    const other = new Visitor(t);
    await register(other, sms, demoAccountNumber(3, 0));
    const [tablet] = await db().select().from(portalPasskey).where(eq(portalPasskey.name, "Tablet"));
    await other.post("/mco/passkeys", { intent: "remove", id: tablet!.id });
    expect(await db().select().from(portalPasskey).where(eq(portalPasskey.userId, userId))).toHaveLength(2);
    const removed = await v.post("/mco/passkeys", { intent: "remove", id: tablet!.id });
    expect(removed.statusCode).toBe(303);
    expect(removed.headers.location).toBe("/mco/passkeys?removed=1");
    expect(await db().select().from(portalPasskey).where(eq(portalPasskey.userId, userId))).toHaveLength(1);

    // Closing the portal account (a code to the contact) deletes the rest.
    const before = sms.messages.length;
    const started = await v.post("/mco/my-data", { intent: "close-start" });
    await waitUntil(() => sms.messages.length > before);
    const r = /name="r" value="([^"]+)"/.exec(started.body)![1]!;
    const closed = await v.post("/mco/my-data", { intent: "close", r, code: codeIn(sms.messages.at(-1)!.message)! });
    expect(closed.statusCode).toBe(303);
    expect(await db().select().from(portalPasskey).where(eq(portalPasskey.userId, userId))).toHaveLength(0);
  });
});
