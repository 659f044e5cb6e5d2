/**
 * Staff-written content in Filipino, Pangasinan and Ilocano (decision 0030),
 * through the real pages and the real database with the page cache on: the editor saves a
 * version with a revision and an audit entry, sanitized as the English is; a half-written
 * version is refused beside its field; /fil/ shows the Filipino and, when there is none, the
 * English marked lang="en" with a note; ?lang=pag is its own cached page and never the English
 * one's; the console marks what is missing; a scheduled item publishes its versions with it.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema";
import { loadInterruption } from "../../modules/alerts/fanout.server";
import { alertPreview } from "../../modules/alerts/preview.server";
import {
  announcementFormSchema,
  createAnnouncement,
  getAnnouncementForEditor,
  restoreAnnouncementRevision,
  updateAnnouncement,
} from "../../modules/content/announcement-editor.server";
import { type ContentContext, ContentValidationError } from "../../modules/content/context";
import { createItem, itemFormSchema } from "../../modules/content/items.server";
import { newsKind } from "../../modules/content/kinds.server";
import { diffSnapshots } from "../../modules/content/revision-diff";
import { listRevisions } from "../../modules/content/revisions.server";
import { createInterruption, interruptionFormSchema } from "../../modules/interruptions/editor.server";
import { setClock } from "../../modules/shared/clock";
import { manilaFormParts } from "../../modules/shared/dates";
import { CONTENT_CHANGED_CHANNEL } from "../../server/bus";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs, type TestStaff } from "../support/staff";

let t: TestApp;
let comms: TestStaff;
let ctx: ContentContext & { storageDir: string };

beforeAll(async () => {
  t = await createTestApp({ withPages: true, env: { CACHE_TTL_MS: "600000" } });
  comms = await signInAs(t, "communications");
  ctx = {
    db: t.db.handle.db,
    actor: { id: "u-comms", name: "Cora Comms" },
    storageDir: t.config.storageDir,
    contentChanged: (area) => t.bus.publish(CONTENT_CHANGED_CHANNEL, area),
  };
});
afterAll(async () => {
  setClock(null);
  await t?.close();
});

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
};
const page = (url: string) => t.app.inject({ url });
const advisory = (over: Record<string, unknown>) =>
  announcementFormSchema.parse({ title: "Water in the substation", body: "Keep away from the fence.", publish: "now", ...over });

describe("saving versions in other languages", () => {
  it("the advisory editor page saves a Filipino version with a revision and an audit entry, and lands on the editor", async () => {
    const form = new URLSearchParams({
      title: "Typhoon Ambo office hours 3101",
      body: "Offices close at noon.",
      "fil.title": "Oras ng tanggapan sa bagyong Ambo 3101",
      "fil.body": "Sarado ang mga tanggapan pagsapit ng tanghali.<script>alert(1)</script>",
      publish: "now",
      intent: "save",
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/staff/announcements/advisory/new",
      headers: { cookie: comms.cookie, origin: "http://localhost:80", "content-type": "application/x-www-form-urlencoded" },
      payload: form.toString(),
    });
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location).toMatch(/^\/staff\/announcements\/advisory\/\d+\?saved=/);
    const id = Number(location.match(/advisory\/(\d+)/)![1]);
    // The page it lands on is the editor with both versions in it.
    const landed = await t.app.inject({ url: location, headers: { cookie: comms.cookie } });
    expect(landed.statusCode).toBe(200);
    expect(landed.body).toContain("Oras ng tanggapan sa bagyong Ambo 3101");
    expect(landed.body).toMatch(/<details[^>]*class="translations__lang"[^>]*open/);

    const item = await getAnnouncementForEditor(t.db.handle.db, "advisory", id);
    expect(item!.snapshot["fil.title"]).toBe("Oras ng tanggapan sa bagyong Ambo 3101");
    // Sanitized as the English body is: the script is gone, the text kept.
    expect(item!.snapshot["fil.body"]).toContain("Sarado ang mga tanggapan");
    expect(item!.snapshot["fil.body"]).not.toContain("script");
    expect(item!.snapshot["pag.title"]).toBe("");

    const [created] = await listRevisions(t.db.handle.db, "announcement", id);
    expect(created!.snapshot["fil.title"]).toBe("Oras ng tanggapan sa bagyong Ambo 3101");
    const audit = await t.db.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, String(id)), eq(auditLog.actorId, comms.id)));
    expect(audit.map((a) => a.action)).toEqual([expect.stringMatching(/created$/)]);
    expect((audit[0]!.after as Record<string, string>)["fil.title"]).toBe("Oras ng tanggapan sa bagyong Ambo 3101");

    // A Pangasinan version added later is a revision like any other, its change named in words; a restore brings back the one before.
    const s = item!.snapshot;
    await updateAnnouncement(ctx, "advisory", id, {
      ...advisory({ title: s.title, body: s.body, publish: "keep" }),
      "fil.title": s["fil.title"]!,
      "fil.body": s["fil.body"]!,
      "pag.title": "Oras na opisina 3101",
      "pag.body": "Nasersaraan iray opisina.",
    });
    const revisions = await listRevisions(t.db.handle.db, "announcement", id);
    const newest = revisions.find((r) => r.version === 2)!;
    const labels = diffSnapshots(revisions.find((r) => r.version === 1)!.snapshot, newest.snapshot).map((c) => c.label);
    expect(labels).toEqual(expect.arrayContaining(["Title (Pangasinan)", "Text (Pangasinan)"]));
    await restoreAnnouncementRevision(ctx, "advisory", id, 1);
    expect((await getAnnouncementForEditor(t.db.handle.db, "advisory", id))!.snapshot["pag.title"]).toBe("");
  });

  it("refuses half a version beside its field, and the page keeps what was typed", async () => {
    const error = await createAnnouncement(ctx, "advisory", advisory({ "fil.title": "Pamagat lang" })).catch((e) => e);
    expect(error).toBeInstanceOf(ContentValidationError);
    expect(error.fieldErrors["fil.body"]).toContain("Filipino text");
    const res = await t.app.inject({
      method: "POST",
      url: "/staff/announcements/advisory/new",
      headers: { cookie: comms.cookie, origin: "http://localhost:80", "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ title: "Half 3102", body: "Text.", "ilo.title": "Titulo 3102", publish: "draft" }).toString(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain("Fill in the Ilocano text too");
    expect(res.body).toContain('value="Titulo 3102"');
    expect(res.body).toMatch(/href="#ilo\.body"/);
  });
});

describe("the public pages", () => {
  let withFil: number;
  let englishOnly: number;
  let news: string;

  beforeAll(async () => {
    withFil = await createAnnouncement(
      ctx,
      "bid",
      advisory({
        title: "Supply of poles 3201",
        body: "Sealed bids until Friday.",
        "fil.title": "Pagbibigay ng poste 3201",
        "fil.body": "Selyadong alok hanggang Biyernes.",
      }),
    );
    englishOnly = await createAnnouncement(ctx, "advisory", advisory({ title: "English only advisory 3202", body: "Only English." }));
    news = await createItem(
      ctx,
      newsKind,
      itemFormSchema.parse({
        kind: "events-and-activities",
        title: "Tree planting 3203",
        body: "We planted trees.",
        "fil.title": "Pagtatanim ng puno 3203",
        "fil.body": "Nagtanim kami ng mga puno.",
        "pag.title": "Panagmula na kiew 3203",
        "pag.body": "Nanmula kami na saray kiew.",
        publish: "now",
      }),
    );
  });

  it("/fil/ shows the Filipino version; the English page the English", async () => {
    const fil = await page(`/fil/bid/${withFil}`);
    expect(fil.statusCode).toBe(200);
    expect(fil.body).toContain("Pagbibigay ng poste 3201");
    expect(fil.body).toContain("Selyadong alok hanggang Biyernes.");
    expect(fil.body).not.toContain("Supply of poles 3201</h1>");
    expect(fil.body).not.toContain("Wala pang bersiyon");
    const en = await page(`/bid/${withFil}`);
    expect(en.body).toContain("Supply of poles 3201");
    expect(en.body).not.toContain("Pagbibigay ng poste 3201</h1>");
    // The English page offers the Filipino version.
    expect(en.body).toMatch(new RegExp(`href="/bid/${withFil}\\?lang=fil"[^>]*>Filipino`));
  });

  it("an item with no Filipino version shows the English marked lang=en, with a note in Filipino", async () => {
    const list = await page("/fil/news/advisories");
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('<span lang="en">English only advisory 3202</span>');
    expect(list.body).toContain("Wala pang bersiyon nito sa wikang Filipino, kaya sa Ingles ito ipinapakita.");
    expect(list.body).toMatch(/class="announcement__body" lang="en"[^>]*><p>Only English\.<\/p>/);
    // In English there is nothing to say.
    expect((await page("/news/advisories")).body).not.toContain("Wala pang bersiyon");
    expect((await page("/news/advisories")).body).not.toContain("There is no");
  });

  it("Pangasinan and Ilocano on request: ?lang=pag shows it marked lang=pag; a missing one says so in the page's language", async () => {
    const pag = await page(`/news/advisory/${news}?lang=pag`);
    expect(pag.statusCode).toBe(200);
    expect(pag.body).toMatch(/<div lang="pag">.*Panagmula na kiew 3203/s);
    expect(pag.body).toMatch(/<strong aria-current="true" lang="pag">Pangasinan/);
    const ilo = await page(`/fil/news/advisory/${news}?lang=ilo`);
    expect(ilo.body).toContain("Wala pang bersiyon nito sa wikang Ilokano, kaya sa Ingles ito ipinapakita.");
    expect(ilo.body).toMatch(/<div lang="en">.*Tree planting 3203/s);
    expect((await page(`/fil/news/advisory/${news}`)).body).toMatch(/<div>.*Pagtatanim ng puno 3203/s);
  });

  it("each language is its own cached page: /fil/ and English, ?lang=pag and none, never serve each other's copy", async () => {
    const urls = [`/news/advisory/${news}`, `/fil/news/advisory/${news}`, `/news/advisory/${news}?lang=pag`, `/news/advisory/${news}?cb=1`];
    for (const u of urls) await page(u);
    const [en, fil, pag, cb] = await Promise.all(urls.map(page));
    for (const r of [en, fil, pag, cb]) expect(r!.headers["x-cache"]).toBe("HIT");
    expect(en!.body).toMatch(/<h1>Tree planting 3203<\/h1>/);
    expect(fil!.body).toMatch(/<h1>Pagtatanim ng puno 3203<\/h1>/);
    expect(pag!.body).toMatch(/<h1>Panagmula na kiew 3203<\/h1>/);
    // An unknown parameter is not a new copy: the English one.
    expect(cb!.body).toMatch(/<h1>Tree planting 3203<\/h1>/);
    expect(en!.body).not.toContain("Pagtatanim ng puno 3203</h1>");
    expect(fil!.body).not.toContain("Tree planting 3203</h1>");
    expect(en!.headers.etag).not.toBe(fil!.headers.etag);
  });

  it("the home page lists an advisory's Filipino title under /fil/", async () => {
    const id = await createAnnouncement(
      ctx,
      "advisory",
      advisory({ title: "Home advisory 3204", "fil.title": "Abiso sa home 3204", "fil.body": "Mag-ingat." }),
    );
    expect(id).toBeGreaterThan(0);
    expect(await until(async () => (await page("/fil/")).body.includes("Abiso sa home 3204"))).toBe(true);
    expect((await page("/")).body).toContain("Home advisory 3204");
  });
});

describe("the console's lists", () => {
  it("marks the languages an item lacks, and filters by one", async () => {
    const full = await createAnnouncement(
      ctx,
      "advisory",
      advisory({
        title: "All languages 3301",
        "fil.title": "Lahat 3301",
        "fil.body": "Teksto.",
        "pag.title": "Amin 3301",
        "pag.body": "Teksto.",
        "ilo.title": "Amin 3301",
        "ilo.body": "Teksto.",
      }),
    );
    await createAnnouncement(
      ctx,
      "advisory",
      advisory({ title: "Filipino only 3302", "fil.title": "Filipino lang 3302", "fil.body": "Oo." }),
    );
    const list = await t.app.inject({ url: "/staff/announcements/advisory?q=330", headers: { cookie: comms.cookie } });
    expect(list.statusCode).toBe(200);
    const entry = (title: string) => list.body.slice(list.body.indexOf(title), list.body.indexOf("</li>", list.body.indexOf(title)));
    expect(entry("Filipino only 3302")).toContain("Missing: Pangasinan, Ilocano");
    expect(entry("All languages 3301")).not.toContain("Missing:");
    const missingPag = await t.app.inject({ url: "/staff/announcements/advisory?q=330&missing=pag", headers: { cookie: comms.cookie } });
    expect(missingPag.body).toContain("Filipino only 3302");
    expect(missingPag.body).not.toContain(`/staff/announcements/advisory/${full}"`);
  });

  it("the news list marks missing versions too", async () => {
    const res = await t.app.inject({ url: "/staff/content/news?q=3203", headers: { cookie: comms.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Missing: Ilocano");
  });
});

describe("scheduled publishing", () => {
  it("publishes the versions with the item", async () => {
    await createAnnouncement(
      ctx,
      "advisory",
      advisory({
        title: "Scheduled 3401",
        "fil.title": "Nakatakda 3401",
        "fil.body": "Sa hinaharap.",
        publish: "schedule",
        publishAt: "2099-06-01T08:00",
      }),
    );
    expect((await page("/fil/news/advisories")).body).not.toContain("Nakatakda 3401");
    setClock(new Date("2099-06-01T00:00:05Z"));
    expect(await until(async () => (await page("/fil/news/advisories")).body.includes("Nakatakda 3401"))).toBe(true);
    setClock(null);
  });
});

describe("power interruption notices", () => {
  it("the activities in Filipino: on /fil/ (English elsewhere, marked when shown instead), in Filipino alerts and their cost preview", async () => {
    const day = manilaFormParts(new Date(Date.now() + 3 * 86_400_000)).date;
    const base = { date: day, start: "08:00", end: "17:00", circuit: "Feeder 9", wholeTown: ["Bani"], publish: "now" };
    const id = await createInterruption(
      ctx,
      interruptionFormSchema.parse({ ...base, activities: "Pole change 3501", "fil.activities": "Pagpapalit ng poste 3501" }),
    );
    await createInterruption(ctx, interruptionFormSchema.parse({ ...base, activities: "English only work 3502" }));
    const fil = (await page("/fil/news/power-interruptions")).body;
    expect(fil).toContain("Pagpapalit ng poste 3501");
    expect(fil).not.toContain("Pole change 3501");
    expect(fil).toMatch(/lang="en"[^>]*><p>English only work 3502/);
    const en = (await page("/news/power-interruptions")).body;
    expect(en).toContain("Pole change 3501");
    expect(en).not.toContain("Pagpapalit ng poste 3501");

    expect((await loadInterruption(t.db.handle.db, id))!.activitiesFil).toBe("Pagpapalit ng poste 3501");
    const preview = await alertPreview(t.db.handle.db, id, "changed", "https://example.ph", {
      smsCallsPerMinute: 120,
      smsBulkLimit: 1000,
      smsCreditsPerSegment: 1,
      emailPerSecond: 10,
    });
    const byLanguage = Object.fromEntries(preview!.smsByLanguage.map((s) => [s.language, s.text]));
    expect(byLanguage.fil).toContain("Pagpapalit ng poste 3501");
    expect(byLanguage.en).toContain("Pole change 3501");
  });
});
