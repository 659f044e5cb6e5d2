/**
 * The restore drill: a site with everything a cooperative cannot lose (content with an
 * attachment, an outage report with a photo, a staff account, an alert subscription) is backed
 * up, restored into a fresh place, and started there; every public page, API answer, stored
 * file and database row is the same (hashes compared), the staff account signs in, and the
 * restored site pushes to a browser that subscribed before the backup (the push keys came with
 * the archive). On PGlite by default, on PostgreSQL when DATABASE_URL is set (.ci/run does both).
 * Then the archive is stolen without its key (nothing is restored), its session rows are tried
 * as cookies (none opens a session), and it is damaged (truncated, one byte changed, from a
 * newer version): the restore command refuses it in one line.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { makeSignature } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase, queryRows } from "../../db/client";
import { barangays } from "../../db/schema";
import { createSubscription, savePushSubscription } from "../../modules/alerts/subscriptions.server";
import { announcementFormSchema, createAnnouncement } from "../../modules/content/announcement-editor.server";
import { BackupError, createBackup, MANIFEST, restoreBackup } from "../../modules/ops/backup.server";
import { decryptFile, encryptFile, readBackupKey } from "../../modules/ops/backup-crypto.server";
import { preparePhoto } from "../../modules/reports/photo.server";
import { fileReport } from "../../modules/reports/queries.server";
import { createBus } from "../../server/bus";
import { backupJobOf, type Config, loadConfig } from "../../server/config";
import { createChannels, vapidKeys } from "../../server/messaging/channels";
import { startApp } from "../../server/start";
import { createTestApp, type TestApp } from "../support/app";
import { CookieJar } from "../support/cookie-jar";
import { collectPublicPages } from "../support/public-pages";
import { type PushStandIn, startPushService } from "../support/push-service";
import { createStaff, sessionCookieFor, type TestStaff } from "../support/staff";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");
// Both sites name themselves the same, so their pages can be compared byte for byte.
const env = { PUBLIC_URL: "https://www.wespeco.example.ph", TRUST_PROXY: "127.0.0.1" };

let original: TestApp;
let restored: { app: Awaited<ReturnType<typeof startApp>>; url: string; database: DatabaseHandle; dataDir: string; config: Config };
let push: PushStandIn;
let browser: Awaited<ReturnType<PushStandIn["subscribe"]>>;
/** A staff session cookie taken before the backup. */
let cookieBefore: string;
let work: string;
let archive: string;
let staff: TestStaff;
let restoredDbName: string | undefined;

const sha = (data: string | Buffer) => crypto.createHash("sha256").update(data).digest("hex");

/** A hash of every row of every table of the site's schema (pg-boss's queue tables aside). */
async function tableHashes(database: DatabaseHandle): Promise<Record<string, string>> {
  const tables = await queryRows<{ schema: string; name: string }>(
    database.db,
    sql`select schemaname as schema, tablename as name from pg_tables where schemaname in ('public', 'drizzle') order by 1, 2`,
  );
  const out: Record<string, string> = {};
  for (const t of tables) {
    const ident = sql.raw(`"${t.schema}"."${t.name}"`);
    const [row] = await queryRows<{ h: string | null; n: number | string }>(
      database.db,
      sql`select md5(coalesce(string_agg(r::text, E'\n' order by r::text), '')) as h, count(*) as n from ${ident} r`,
    );
    out[`${t.schema}.${t.name}`] = `${row!.n}:${row!.h}`;
  }
  return out;
}

function fileHashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const full = path.join(dir, name);
    if (fs.statSync(full).isFile()) out[name] = sha(fs.readFileSync(full));
  }
  return out;
}

/** The API's GET answers: every documented path without parameters, and the new advisory's. */
async function apiAnswers(url: string, extra: string[]): Promise<Record<string, string>> {
  const doc = (await (await fetch(`${url}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  const paths = Object.keys(doc.paths)
    .filter((p) => doc.paths[p]!.get && !p.includes("{") && !p.endsWith("/stream"))
    .map((p) => (p.startsWith("/api/v1") ? p : `/api/v1${p}`));
  const out: Record<string, string> = {};
  for (const p of [...new Set([...paths, ...extra])].sort()) {
    const res = await fetch(url + p);
    out[p] = `${res.status}:${sha(Buffer.from(await res.arrayBuffer()))}`;
  }
  return out;
}

/** What differs between two answers of the same page: the outage report's one-time question (a new one each render). */
const stable = (html: string) =>
  html
    .replace(/(name="questionToken" value=")[^"]*"/g, '$1"')
    .replace(/>[^<>]*(Write the answer in digits\.|Isulat ang sagot bilang numero\.)/g, ">$1")
    // and the same question and token in the page's hydration data
    .replace(/What is [a-z]+ (?:plus|minus|times) [a-z]+\?|Ano ang kabuuan ng [a-z]+ at [a-z]+\?/g, "")
    .replace(/eyJ[\w-]+\.[\w-]+/g, "")
    // the token: its expiry and nonce, signed
    .replace(/\d{13}-[\w-]+\.[\w-]+/g, "");

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "restore-drill-"));
  push = await startPushService();
  original = await createTestApp({ withPages: true, env: { ...env, PUSH_SERVICE_ORIGINS: push.url } });
  await original.listen();
  const db = original.db.handle.db;
  const ctx = { db, actor: { id: "drill", name: "Drill Comms" }, storageDir: original.config.storageDir, contentChanged: async () => {} };
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  await createAnnouncement(
    ctx,
    "advisory",
    announcementFormSchema.parse({ title: "Restore drill advisory", body: "Stay safe.", publish: "now" }),
    [{ name: "Drill advisory.pdf", bytes: pdf }],
  );
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2a6" } })
    .jpeg()
    .toBuffer();
  const photo = await preparePhoto(jpeg);
  if (!photo.ok) throw new Error(photo.message);
  const [barangay] = await db.select({ id: barangays.id }).from(barangays).limit(1);
  await fileReport(db, {
    kind: "line-down",
    barangayId: barangay!.id,
    landmark: "by the chapel",
    details: "",
    accountNumber: "",
    mobile: "",
    photo: photo.photo,
  });
  staff = await createStaff(original, "admin");
  const subscription = await createSubscription(db, {
    areas: [{ town: "Bani", barangayId: null }],
    email: "drill@example.com",
    notifyFinished: true,
    consentText: "I agree",
  });
  // A browser subscribes to push with the site's public key, as the manage page has it do.
  browser = await push.subscribe(vapidKeys(original.config).publicKey);
  if (!(await savePushSubscription(db, subscription.manageToken, browser, "I agree"))) throw new Error("push subscription not saved");
  cookieBefore = (await sessionCookieFor(original, staff.id)).cookie;

  archive = await createBackup({ ...backupJobOf(original.config, original.db.handle), dir: path.join(work, "backups") });

  // The fresh place: an empty data folder, and on PostgreSQL an empty database.
  const dataDir = path.join(work, "restored");
  let databaseUrl: string | undefined;
  if (original.db.databaseUrl) {
    const { default: pg } = await import("pg");
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    restoredDbName = `coop_test_restore_${crypto.randomBytes(5).toString("hex")}`;
    await admin.query(`create database ${restoredDbName}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${restoredDbName}`;
    databaseUrl = u.toString();
  }
  await restoreBackup(archive, { dataDir, databaseUrl, keyFile: original.config.backupKeyFile });
  const config = loadConfig({
    ...Object.fromEntries(
      Object.entries(original.config)
        .filter(([k]) => /^[A-Z_]+$/.test(k))
        .map(([k, v]) => [k, String(v)]),
    ),
    DATA_DIR: dataDir,
    BACKUP_DIR: path.join(work, "restored-backups"),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({ databaseUrl, dataDir });
  const app = await startApp(config, { database, bus: await createBus(), withPages: true, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  restored = { app, database, dataDir, config, url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` };
}, 180_000);

afterAll(async () => {
  await restored?.app.close();
  await original?.close();
  await push?.close();
  if (restoredDbName) {
    const { default: pg } = await import("pg");
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${restoredDbName} with (force)`);
    await admin.end();
  }
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe("restore drill", () => {
  it("restores every database row and every stored file", async () => {
    const before = await tableHashes(original.db.handle);
    expect(before["public.staff_user"]).toBeDefined();
    expect(await tableHashes(restored.database)).toEqual(before);
    const files = fileHashes(original.config.storageDir);
    expect(Object.keys(files).some((f) => f.endsWith(".pdf"))).toBe(true);
    expect(fileHashes(path.join(restored.dataDir, "storage"))).toEqual(files);
  });

  it("answers every public page and API request the same", async () => {
    const [a, b] = [await collectPublicPages(original.url), await collectPublicPages(restored.url)];
    expect(a.length).toBeGreaterThan(20);
    const digest = (pages: typeof a) => Object.fromEntries(pages.map((p) => [p.finalPath, `${p.status}:${sha(stable(p.html))}`]));
    expect(digest(b)).toEqual(digest(a));
    expect(a.find((p) => p.html.includes("Restore drill advisory"))).toBeDefined();
    const apiA = await apiAnswers(original.url, []);
    expect(Object.keys(apiA).length).toBeGreaterThan(10);
    expect(await apiAnswers(restored.url, [])).toEqual(apiA);
  });

  it("signs the restored staff account in with its password and second factor", async () => {
    const jar = new CookieJar();
    const post = (url: string, form: Record<string, string>) =>
      restored.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80", cookie: jar.header },
        payload: new URLSearchParams(form).toString(),
      });
    const first = await post("/staff/sign-in", { email: staff.email, password: staff.password, next: "/staff" });
    jar.take(first.headers);
    expect(first.headers.location).toMatch(/^\/staff\/sign-in\/code/);
    const second = await post("/staff/sign-in/code", { code: await staff.totp(), next: "/staff" });
    jar.take(second.headers);
    expect(second.headers.location).toBe("/staff");
    const home = await restored.app.inject({ url: "/staff", headers: { cookie: jar.header } });
    expect(home.statusCode).toBe(200);
  });

  it("pushes to a browser that subscribed before the backup: the push keys came with the archive", async () => {
    const kept = path.join(restored.dataDir, "vapid.json");
    expect((fs.statSync(kept).mode & 0o777).toString(8)).toBe("600");
    expect(vapidKeys(restored.config)).toEqual(vapidKeys(original.config));
    // The restored site's own channels, as its alerts worker builds them, to the endpoint in the restored database.
    const [endpoint] = await queryRows<{ address: string; keys: { p256dh: string; auth: string } }>(
      restored.database.db,
      sql`select address, keys from alert_endpoints where channel = 'push'`,
    );
    expect(endpoint?.address).toBe(browser.endpoint);
    const channels = createChannels(restored.config);
    try {
      const sent = await channels.senders.push!.send({
        idempotencyKey: "restore-drill",
        to: endpoint!.address,
        keys: endpoint!.keys,
        subject: "",
        body: JSON.stringify({ title: "Restore drill" }),
      });
      expect(sent).toMatchObject({ ok: true });
    } finally {
      await channels.close();
    }
    // The push service checked the VAPID signature against the key the browser subscribed with.
    const received = await push.notifications(browser.clientHash);
    expect(received.map((m) => JSON.parse(m).title)).toContain("Restore drill");
  });
});

describe("a stolen copy of the archive", () => {
  it("restores nothing without the backup key", async () => {
    const otherKey = path.join(work, "other.key");
    fs.writeFileSync(otherKey, `${crypto.randomBytes(32).toString("base64")}\n`, { mode: 0o600 });
    const wrong = await restoreCli(archive, otherKey);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr.trim()).toMatch(/^Restore refused: backup-\d{8}T\d{6}Z\.tar\.enc was made with another backup key .*$/);
    const none = await restoreCli(archive, path.join(work, "no-such.key"));
    expect(none.code).toBe(1);
    expect(none.stderr.trim()).toMatch(/^Restore refused: no backup key at .*no-such\.key/);
    // Nothing in it reads in clear: no table name, no part name, no tar header.
    const bytes = fs.readFileSync(archive);
    for (const text of ["staff_session", "staff_secret", "manifest.json", "ustar", "privateKey"])
      expect(bytes.includes(Buffer.from(text))).toBe(false);
  });

  it("holds no session: its stored tokens, signed with its own secret, open nothing; a restore with the key keeps real sessions", async () => {
    const ctx = await restored.app.staffAuth.$context;
    const stored = await queryRows<{ token: string }>(restored.database.db, sql`select token from staff_session`);
    expect(stored.length).toBeGreaterThan(0);
    for (const { token } of stored) {
      const forged = `${ctx.authCookies.sessionToken.name}=${encodeURIComponent(`${token}.${await makeSignature(token, ctx.secret)}`)}`;
      const r = await restored.app.inject({ url: "/staff", headers: { cookie: forged } });
      expect(r.statusCode).toBe(302);
      expect(r.headers.location).toMatch(/^\/staff\/sign-in/);
    }
    // The browser's own cookie (which the archive does not hold) is still good on the site IT restored.
    expect((await restored.app.inject({ url: "/staff", headers: { cookie: cookieBefore } })).statusCode).toBe(200);
  });
});

/** `npm run restore` into an empty data folder with the given backup key; the folder stays empty when refused. */
const restoreCli = async (file: string, keyFile = original.config.backupKeyFile) => {
  const empty = fs.mkdtempSync(path.join(work, "empty-"));
  try {
    await run(path.join(root, "node_modules", ".bin", "tsx"), [path.join(root, "scripts", "restore.ts"), file], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: "", DATA_DIR: empty, BACKUP_KEY_FILE: keyFile },
    });
    return { code: 0, stderr: "" };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  } finally {
    expect(fs.readdirSync(empty)).toEqual([]);
  }
};

describe("a damaged or newer archive", () => {
  it("refuses a truncated archive, or one with a byte changed, in one line, writing nothing", async () => {
    const truncated = path.join(work, "truncated.tar.enc");
    const bytes = fs.readFileSync(archive);
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const r = await restoreCli(truncated);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/^Restore refused: truncated\.tar\.enc is damaged/);
    const changed = Buffer.from(bytes);
    changed[Math.floor(bytes.length / 2)]! ^= 1;
    fs.writeFileSync(path.join(work, "changed.tar.enc"), changed);
    expect((await restoreCli(path.join(work, "changed.tar.enc"))).stderr).toMatch(/^Restore refused: changed\.tar\.enc is damaged/);
  });

  it("refuses an archive whose part does not match its checksum, or from a newer version", async () => {
    const keyFile = original.config.backupKeyFile;
    // Someone holding the key could repack it: the manifest's checksums still guard each part.
    const key = readBackupKey(keyFile);
    const dir = fs.mkdtempSync(path.join(work, "unpacked-"));
    const plain = path.join(work, "plain.tar");
    await decryptFile(archive, plain, key);
    await run("tar", ["-xf", plain, "-C", dir]);
    fs.rmSync(plain);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), "utf8"));
    const pack = async (name: string) => {
      const file = path.join(work, name);
      const tar = path.join(work, `${name}.plain`);
      await run("tar", ["-cf", tar, "-C", dir, "."]);
      fs.rmSync(file, { force: true });
      await encryptFile(tar, file, key);
      fs.rmSync(tar);
      return file;
    };
    const pdf = manifest.parts.find((p: { path: string }) => p.path.endsWith(".pdf")).path;
    const pdfBytes = fs.readFileSync(path.join(dir, pdf));
    const changed = Buffer.from(pdfBytes);
    changed[10] = changed[10]! ^ 1;
    fs.writeFileSync(path.join(dir, pdf), changed);
    await expect(restoreBackup(await pack("repacked.tar.enc"), { dataDir: path.join(work, "x1"), keyFile })).rejects.toThrow(
      new BackupError(`repacked.tar.enc is damaged: ${pdf} does not match its checksum`),
    );
    fs.writeFileSync(path.join(dir, pdf), pdfBytes);
    fs.writeFileSync(path.join(dir, MANIFEST), JSON.stringify({ ...manifest, migrationLevel: manifest.migrationLevel + 1 }));
    const r = await restoreCli(await pack("newer.tar.enc"));
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(/^Restore refused: newer\.tar\.enc was made by a newer version of the site .*upgrade the site first$/);
  });
});
