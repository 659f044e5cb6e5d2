/**
 * The shared content editor through the real console pages (inject, signed-in staff): news
 * items, careers, about-us texts, gallery images, partner logos, branches and news categories
 * are created, scheduled, published and restored; a draft or a not-yet-due item never shows on
 * the public page, in the API or in the sitemap; every save keeps a revision and an audit
 * entry; other roles get 403. Also: restoring an earlier month of rates from its history.
 */

import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, officialRates } from "../../db/schema";
import { listRevisions } from "../../modules/content/revisions.server";
import { setClock } from "../../modules/shared/clock";
import { manilaFormParts } from "../../modules/shared/dates";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs, type TestStaff } from "../support/staff";

let t: TestApp;
let comms: TestStaff;
let dispatcher: TestStaff;
let ratesStaff: TestStaff;
let photo: Buffer;
const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
/** A Manila "YYYY-MM-DDTHH:MM" some days from now. */
const manilaIn = (days: number) => {
  const p = manilaFormParts(new Date(Date.now() + days * 86_400_000));
  return `${p.date}T${p.time}`;
};

beforeAll(async () => {
  t = await createTestApp({ withPages: true });
  comms = await signInAs(t, "communications");
  dispatcher = await signInAs(t, "dispatcher");
  ratesStaff = await signInAs(t, "rates");
  photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#2a7" } })
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneCo" } })
    .toBuffer();
});
afterEach(() => setClock(null));
afterAll(async () => t?.close());

type Files = { name: string; type: string; data: Buffer }[];

function multipart(fields: Record<string, string | string[]>, files: Files) {
  const boundary = `----contentmore${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    for (const one of ([] as string[]).concat(v))
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${one}\r\n`));
  for (const f of files)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`),
      f.data,
      Buffer.from("\r\n"),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

const post = (url: string, fields: Record<string, string | string[]>, files: Files = [], who: TestStaff = comms) => {
  const body = multipart(fields, files);
  return t.app.inject({
    method: "POST",
    url,
    headers: { cookie: who.cookie, origin: "http://localhost:80", "content-type": body.type },
    payload: body.payload,
  });
};

/** Saves through the editor page and returns the item's id from the redirect. */
async function save(kind: string, id: string | null, fields: Record<string, string | string[]>, files: Files = []): Promise<string> {
  const res = await post(`/staff/content/${kind}/${id ?? "new"}`, fields, files);
  expect(res.statusCode, res.body.slice(0, 2000)).toBe(302);
  const m = new RegExp(`^/staff/content/${kind}/([^/?]+)\\?saved=`).exec(String(res.headers.location));
  expect(m, String(res.headers.location)).not.toBeNull();
  return m![1]!;
}

const intent = (kind: string, id: string, what: string) => post(`/staff/content/${kind}/${id}`, { intent: what });
const get = (url: string) => t.app.inject({ url });
const body = async (url: string) => (await get(url)).body;
const sitemap = () => body("/sitemap.xml");

async function restore(kind: string, id: string, version: number) {
  const res = await post(`/staff/history/${kind}/${id}`, { version: String(version), confirm: "yes" });
  expect(res.statusCode, res.body.slice(0, 500)).toBe(302);
}

async function audited(action: string, objectId: string) {
  return t.db.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.objectId, objectId)));
}

describe("news items", () => {
  it("keeps a draft with its image private, publishes it on schedule, then everywhere at once; restores an earlier text", async () => {
    const title = "Tree planting along the Agno river";
    const id = await save(
      "news",
      null,
      {
        kind: "events-and-activities",
        title,
        body: "Volunteers planted 500 mangroves.",
        newAlt: "Volunteers with seedlings",
        publish: "draft",
      },
      [{ name: "planting.jpg", type: "image/jpeg", data: photo }],
    );
    const images = await t.app.inject({ url: `/staff/content/news/${id}/preview`, headers: { cookie: comms.cookie } });
    expect(images.statusCode).toBe(200);
    expect(images.body).toContain(title);
    expect(images.body).toContain("data:image/webp;base64,");
    expect(images.body).toContain('alt="Volunteers with seedlings"');

    const isPublic = async () => {
      const api = (await get("/api/v1/news-advisory/content/events-and-activities")).json();
      const list = api.data ?? api;
      return {
        page: (await body("/news/events-and-activities")).includes(title),
        item: (await get(`/news/advisory/${id}`)).statusCode,
        api: JSON.stringify(list).includes(title),
        one: (await get(`/api/v1/news-advisory/${id}`)).statusCode,
        sitemap: (await sitemap()).includes(`/news/advisory/${id}<`),
      };
    };
    const hidden = { page: false, item: 404, api: false, one: 404, sitemap: false };
    const shown = { page: true, item: 200, api: true, one: 200, sitemap: true };
    expect(await isPublic()).toEqual(hidden);

    // Scheduled for tomorrow: still hidden until then, shown at its time.
    await save("news", id, {
      kind: "events-and-activities",
      title,
      body: "Volunteers planted 500 mangroves.",
      publish: "schedule",
      publishAt: manilaIn(1),
      keep: [],
    });
    expect(await isPublic()).toEqual(hidden);
    setClock(new Date(Date.now() + 2 * 86_400_000));
    expect(await isPublic()).toEqual(shown);
    setClock(null);

    // Unticking the image removed it; publish now.
    expect((await intent("news", id, "publish-now")).statusCode).toBe(302);
    expect(await isPublic()).toEqual(shown);
    await save("news", id, { kind: "events-and-activities", title, body: "Volunteers planted 800 mangroves.", publish: "keep" });
    expect(await body(`/news/advisory/${id}`)).toContain("800 mangroves");

    const revisions = await listRevisions(t.db.handle.db, "news", id);
    expect(revisions.map((r) => r.action)).toEqual(["edited", "published", "edited", "created"]);
    const history = await t.app.inject({ url: `/staff/history/news/${id}`, headers: { cookie: comms.cookie } });
    expect(history.statusCode).toBe(200);
    expect(history.body).toContain("<ins>800</ins>");
    // Restoring asks first: a post without the answer changes nothing and opens the question.
    const unasked = await post(`/staff/history/news/${id}`, { version: "3" });
    expect(unasked.headers.location).toBe(`/staff/history/news/${id}?confirm=3#restore-confirm`);
    expect((await listRevisions(t.db.handle.db, "news", id)).length).toBe(4);
    const question = await t.app.inject({ url: `/staff/history/news/${id}?confirm=3`, headers: { cookie: comms.cookie } });
    expect(question.body).toMatch(/<h2[^>]*>Restore version (<!-- -->)?3(<!-- -->)?\?<\/h2>/);
    expect(question.body).toMatch(/<button type="submit" class="button">Yes, restore version (<!-- -->)?3<\/button>/);
    await restore("news", id, 3);
    expect(await body(`/news/advisory/${id}`)).toContain("500 mangroves");
    expect((await audited("news.restored", id)).length).toBe(1);

    expect((await intent("news", id, "archive")).statusCode).toBe(302);
    expect(await isPublic()).toEqual(hidden);
  });

  it("refuses a file that is not an image, names it, keeps what was typed and stores nothing", async () => {
    const res = await post("/staff/content/news/new", { kind: "supply-and-load-demand", title: "Load forecast", body: "Peak 42 MW." }, [
      { name: "forecast.jpg", type: "image/jpeg", data: pdf },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain("forecast.jpg");
    expect(res.body).toContain("Peak 42 MW.");
    expect((await t.app.inject({ url: "/staff/content/news?q=forecast", headers: { cookie: comms.cookie } })).body).toContain(
      "Nothing matches",
    );
  });
});

describe("careers", () => {
  it("publishes a posting with its PDF, hides it again when unpublished, restores it", async () => {
    const id = await save("careers", null, { jobTitle: "Lineman II", body: "Must hold a lineman certificate.", publish: "draft" }, [
      { name: "Lineman II requirements.pdf", type: "application/pdf", data: pdf },
    ]);
    const seen = async () => ({
      page: (await body("/careers")).includes("Lineman II"),
      api: (await body("/api/v1/careers")).includes("Lineman II"),
    });
    expect(await seen()).toEqual({ page: false, api: false });
    await save("careers", id, { jobTitle: "Lineman II", body: "Must hold a lineman certificate.", publish: "now", keep: [] });
    // Keeping nothing removed the PDF; restoring version 1 brings it back.
    expect(await seen()).toEqual({ page: true, api: true });
    expect(await body("/careers")).not.toContain("Lineman II requirements.pdf");
    await restore("careers", id, 1);
    // Version 1 was a draft, but a restore keeps the current publication.
    expect(await body("/careers")).toContain("Lineman II requirements.pdf");
    expect((await intent("careers", id, "unpublish")).statusCode).toBe(302);
    expect(await seen()).toEqual({ page: false, api: false });
    expect((await audited("career.created", id)).length).toBe(1);
  });
});

describe("about us", () => {
  it("changes the company profile at once and restores the earlier text", async () => {
    const before = await body("/api/v1/about-us/profile");
    const list = await t.app.inject({ url: "/staff/content/about", headers: { cookie: comms.cookie } });
    expect(list.body).toContain("Company profile");
    await save("about", "profile", { content: "WESPECO serves nine towns of western Pangasinan.", year: "2026" });
    expect(await body("/about/company-profile")).toContain("nine towns of western Pangasinan");
    expect(await body("/api/v1/about-us/profile")).toContain("nine towns");
    await save("about", "profile", { content: "<p>Rewritten <script>alert(1)</script>profile.</p>", year: "2026" });
    expect(await body("/about/company-profile")).not.toContain("<script>alert(1)");
    await restore("about", "profile", 1);
    expect(await body("/about/company-profile")).toContain("nine towns of western Pangasinan");
    expect(before).not.toContain("nine towns");
    expect((await t.app.inject({ url: "/staff/content/about/new", headers: { cookie: comms.cookie } })).statusCode).toBe(404);
  });
});

describe("gallery images and partner logos", () => {
  it("uploads a gallery image with caption and alt text, schedules, orders and removes it", async () => {
    const id = await save(
      "gallery",
      null,
      { caption: "Energizing Sitio Tubo", alt: "Linemen raising a pole", position: "0", publish: "schedule", publishAt: manilaIn(3) },
      [{ name: "pole.jpg", type: "image/jpeg", data: photo }],
    );
    expect(await body("/gallery")).not.toContain("Energizing Sitio Tubo");
    setClock(new Date(Date.now() + 4 * 86_400_000));
    expect(await body("/gallery")).toContain("Energizing Sitio Tubo");
    setClock(null);
    await save("gallery", id, { caption: "Energizing Sitio Tubo, Dasol", alt: "Linemen raising a pole", position: "-1", publish: "now" });
    const page = await body("/gallery");
    expect(page).toContain("Energizing Sitio Tubo, Dasol");
    expect(page.indexOf("Energizing Sitio Tubo, Dasol")).toBeLessThan(
      page.indexOf("gallery-grid__item", page.indexOf("gallery-grid__item") + 1),
    );
    await restore("gallery", id, 1);
    expect(await body("/gallery")).not.toContain("Sitio Tubo, Dasol");
    expect((await intent("gallery", id, "remove")).statusCode).toBe(302);
    expect(await body("/gallery")).not.toContain("Energizing Sitio Tubo");
    expect((await listRevisions(t.db.handle.db, "gallery", id))[0]!.action).toBe("removed");
  });

  it("requires the logo, then shows a published partner in the footer of every page", async () => {
    const missing = await post("/staff/content/partners/new", { name: "Pangasinan Solar Cooperative", publish: "now" });
    expect(missing.statusCode).toBe(422);
    expect(missing.body).toContain("Choose a file to upload");
    expect(missing.body).toContain("Pangasinan Solar Cooperative");
    const id = await save("partners", null, { name: "Pangasinan Solar Cooperative", url: "https://example.org", publish: "draft" }, [
      { name: "logo.png", type: "image/png", data: await sharp(photo).png().toBuffer() },
    ]);
    expect(await body("/")).not.toContain('alt="Pangasinan Solar Cooperative"');
    expect((await intent("partners", id, "publish-now")).statusCode).toBe(302);
    expect(await body("/")).toContain('alt="Pangasinan Solar Cooperative"');
    await save("partners", id, { name: "Pangasinan Solar Coop", url: "https://example.org", publish: "keep" });
    expect(await body("/")).toContain('alt="Pangasinan Solar Coop"');
    // Version 1 was a draft; a restore brings back its content and keeps the current publication.
    await restore("partners", id, 1);
    expect(await body("/")).toContain('alt="Pangasinan Solar Cooperative"');
    expect((await intent("partners", id, "archive")).statusCode).toBe(302);
    expect(await body("/")).not.toContain('alt="Pangasinan Solar Cooperative"');
  });
});

describe("branches and phone numbers", () => {
  it("adds a branch with its phones, edits and restores them", async () => {
    const bad = await post("/staff/content/branches/new", {
      name: "Sub office",
      officeName: "Infanta Sub Office",
      address: "Poblacion, Infanta",
      phones: "0917 555 0101\ncall us",
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain("call us");
    const id = await save("branches", null, {
      name: "Sub office",
      officeName: "Infanta Sub Office",
      address: "Poblacion, Infanta",
      phones: "0917 555 0101\n(075) 555 7777",
      position: "9",
    });
    expect(await body("/contact-us")).toContain("Infanta Sub Office");
    expect(await body("/api/v1/branch")).toContain("(075) 555 7777");
    await save("branches", id, {
      name: "Sub office",
      officeName: "Infanta Sub Office",
      address: "Poblacion, Infanta",
      phones: "0917 555 0199",
      position: "9",
    });
    expect(await body("/contact-us")).not.toContain("555 7777");
    await restore("branches", id, 1);
    expect(await body("/contact-us")).toContain("(075) 555 7777");
    const ask = await intent("branches", id, "remove-ask");
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain("Yes, remove it");
    expect(await body("/contact-us")).toContain("Infanta Sub Office");
    expect((await intent("branches", id, "remove")).statusCode).toBe(302);
    expect(await body("/contact-us")).not.toContain("Infanta Sub Office");
    // Its revisions stay: restoring one brings the branch back under a new number.
    const back = await post(`/staff/history/branches/${id}`, { version: "1", confirm: "yes" });
    expect(back.statusCode).toBe(302);
    const newId = /^\/staff\/content\/branches\/(\d+)\?saved=/.exec(String(back.headers.location))?.[1];
    expect(newId).toBeDefined();
    expect(newId).not.toBe(id);
    expect(await body("/contact-us")).toContain("Infanta Sub Office");
    expect((await listRevisions(t.db.handle.db, "branch", newId!))[0]!.action).toBe(`restored v1 of removed #${id}`);
  });
});

describe("news categories", () => {
  it("publishes a category page and menu entry on its time, refuses a clash, restores the title", async () => {
    const id = await save("categories", null, { title: "Energy tips", tag: "energy-tips", publish: "schedule", publishAt: manilaIn(1) });
    const seen = async () => ({
      page: (await get("/news/energy-tips")).statusCode,
      api: (await body("/api/v1/news")).includes("energy-tips"),
      sitemap: (await sitemap()).includes("/news/energy-tips<"),
    });
    expect(await seen()).toEqual({ page: 404, api: false, sitemap: false });
    setClock(new Date(Date.now() + 2 * 86_400_000));
    expect(await seen()).toEqual({ page: 200, api: true, sitemap: true });
    setClock(null);
    const clash = await post("/staff/content/categories/new", { title: "Tips again", tag: "energy-tips" });
    expect(clash.statusCode).toBe(422);
    expect(clash.body).toContain("Another category already has this tag");
    const reserved = await post("/staff/content/categories/new", { title: "Advisories", tag: "advisories" });
    expect(reserved.statusCode).toBe(422);
    await save("categories", id, { title: "Saving energy", tag: "energy-tips", publish: "now" });
    expect(await body("/news/energy-tips")).toContain("Saving energy");
    await restore("categories", id, 1);
    expect(await body("/news/energy-tips")).toContain("Energy tips");
  });
});

describe("rates", () => {
  it("restores an earlier revision of a month from its history", async () => {
    const send = (r: string) =>
      t.app.inject({
        method: "POST",
        url: "/staff/rates",
        headers: { cookie: ratesStaff.cookie, origin: "http://localhost:80", "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({
          source: "grid",
          year: "2027",
          month: "4",
          publishAt: "2027-04-01T00:00",
          "rate-R": r,
          "rate-LV": "9.1000",
          "rate-HV": "8.2000",
        }).toString(),
      });
    expect((await send("10.5000")).statusCode).toBe(302);
    expect((await send("11.2500")).statusCode).toBe(302);
    const amount = async () =>
      (
        await t.db.handle.db
          .select()
          .from(officialRates)
          .where(and(eq(officialRates.year, 2027), eq(officialRates.month, 4), eq(officialRates.type, "R")))
      )[0]?.amount;
    expect(Number(await amount())).toBe(11.25);
    const editor = await t.app.inject({ url: "/staff/rates?year=2031&month=4", headers: { cookie: ratesStaff.cookie } });
    expect(editor.body).toContain("/staff/history/rates/2027-04");
    const res = await t.app.inject({
      method: "POST",
      url: "/staff/history/rates/2027-04",
      headers: { cookie: ratesStaff.cookie, origin: "http://localhost:80", "content-type": "application/x-www-form-urlencoded" },
      payload: "version=1&confirm=yes",
    });
    expect(res.statusCode).toBe(302);
    expect(Number(await amount())).toBe(10.5);
    expect((await listRevisions(t.db.handle.db, "rates", "2027-04"))[0]!.action).toBe("restored v1");
    expect((await audited("rates.restored", "2027-04")).length).toBe(1);
    // Communications may not restore rates.
    const denied = await post("/staff/history/rates/2027-04", { version: "1", confirm: "yes" });
    expect(denied.statusCode).toBe(403);
  });
});

describe("permissions", () => {
  it("answers 403 to a role without content.publish, on every kind's list, editor and action", async () => {
    for (const kind of ["news", "careers", "about", "gallery", "partners", "branches", "categories"]) {
      expect((await t.app.inject({ url: `/staff/content/${kind}`, headers: { cookie: dispatcher.cookie } })).statusCode).toBe(403);
      expect((await t.app.inject({ url: `/staff/content/${kind}/new`, headers: { cookie: dispatcher.cookie } })).statusCode).toBe(403);
      expect((await post(`/staff/content/${kind}/new`, { title: "x" }, [], dispatcher)).statusCode).toBe(403);
      expect((await t.app.inject({ url: `/staff/content/${kind}`, headers: { cookie: comms.cookie } })).statusCode).toBe(200);
    }
  });
});
