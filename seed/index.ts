/**
 * Seeds the demo content. Dates are relative to "now" so that interruptions are
 * upcoming and rates reach the current month whenever the seed runs.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import * as t from "../db/schema";
import { hashPin } from "../modules/agam/second-factor.server";
import { checkBillFile, checkPaymentFile } from "../modules/bills/files";
import { csvCells, storeBills, storePayments } from "../modules/bills/import.server";
import { checkRoll, ROLL_COLUMNS } from "../modules/members/roll";
import { storeRoll } from "../modules/members/roll.server";
import { AGAM_DISTRICTS, type InterruptionStatus, NEWS_KINDS, TOWNS, type Town } from "../modules/shared/constants";
import { DEMO_ACCOUNTS_PER_DISTRICT, DEMO_REGISTERED_INDEX, demoAccountNumber } from "./accounts";
import { seedActivity } from "./activity";
import { demoBilling, demoSchedule } from "./bills";
import * as C from "./content";
import { contentName, logoSvg, type MadeFile, makePdf, makeWebp, sceneSvg, writeStored } from "./files";
import { PAYMENT_PLACES } from "./payment-places";

/** The registration PIN of the demo accounts that have one (docs/agam-demo-accounts.md). */
export const DEMO_PIN = "246810";

/** The seeded registrations (0 to 8, one per district) that disapprove a topic, and why. */
const DEMO_DISAGREEMENTS = [
  { registration: 0, topicSequence: 2, reason: "The audited statements came too late to read before the assembly." },
  { registration: 3, topicSequence: 2, reason: "Collection efficiency figures are missing." },
  { registration: 4, topicSequence: 3, reason: "No public hearing was held in Agno." },
  { registration: 7, topicSequence: 3, reason: "Rates already too high." },
  { registration: 7, topicSequence: 1, reason: "The minutes leave out the questions from the floor." },
];

/** Deterministic pseudo-random numbers, so every seed is the same. */
function random(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400_000;
/** A moment in Manila (UTC+8, no daylight saving) as a Date. */
function manila(base: Date, dayOffset: number, hour: number, minute = 0): Date {
  const local = new Date(base.getTime() + 8 * 3600_000);
  const d = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + dayOffset, hour - 8, minute);
  return new Date(d);
}

const HOUR = 3_600_000;
/**
 * An interruption under way at `now`: from two hours before (on the hour, never before today's
 * midnight in Manila, so it stays "today's") to six hours after.
 */
function aroundNow(now: Date): { startsAt: Date; endsAt: Date } {
  const twoHoursAgo = Math.floor((now.getTime() - 2 * HOUR) / HOUR) * HOUR;
  const startsAt = new Date(Math.max(twoHoursAgo, manila(now, 0, 0).getTime()));
  const endsAt = new Date(Math.ceil((now.getTime() + 6 * HOUR) / HOUR) * HOUR);
  return { startsAt, endsAt };
}

export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(t.agamTopics);
  return (rows[0]?.n ?? 0) > 0;
}

/** Empties every table (used by `npm run db:seed` and tests). */
export async function clearAll(db: Db): Promise<void> {
  await db.execute(sql`truncate table
    agam_decisions, agam_registrations, agam_topics, agam_accounts, survey_responses, connection_preregistrations,
    used_captchas, power_interruption_barangays, power_interruption_towns, power_interruptions, barangays,
    branch_phones, branches, career_attachments, careers, announcement_attachments, announcements,
    news_item_images, news_items, official_rates, generation_charges, rate_schedule, bills, bill_revisions, payments,
    news_categories, about_contents,
    gallery_images, partners, payment_places, stored_files, content_revisions restart identity cascade`);
}

export async function seedDemo(db: Db, storageDir: string, now = new Date()): Promise<void> {
  const rnd = random(1975);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;

  const storeFile = async (f: MadeFile) => {
    writeStored(storageDir, f);
    await db
      .insert(t.storedFiles)
      .values({ name: f.name, originalName: f.originalName, contentType: f.contentType, size: f.size, width: f.width, height: f.height })
      .onConflictDoNothing();
    return f.name;
  };

  await db.transaction(async (tx) => {
    // About us
    await tx.insert(t.aboutContents).values([
      {
        key: "profile",
        content: C.ABOUT.profile.content,
        year: C.ABOUT.profile.year,
        translations: { fil: { content: C.ABOUT_FIL.profile } },
        updatedAt: new Date(now.getTime() - 40 * DAY),
      },
      { key: "mission", content: C.ABOUT.mission, translations: { fil: { content: C.ABOUT_FIL.mission } } },
      { key: "vision", content: C.ABOUT.vision, translations: { fil: { content: C.ABOUT_FIL.vision } } },
      { key: "core", content: C.ABOUT.core, translations: { fil: { content: C.ABOUT_FIL.core } } },
    ]);

    // Branches
    for (const [i, b] of C.BRANCHES.entries()) {
      const [row] = await tx
        .insert(t.branches)
        .values({ name: b.name, officeName: b.officeName, address: b.address, position: i })
        .returning({ id: t.branches.id });
      await tx.insert(t.branchPhones).values(b.phones.map((number, position) => ({ branchId: row!.id, number, position })));
    }

    // Where to pay
    await tx.insert(t.paymentPlaces).values(
      PAYMENT_PLACES.map((p, position) => ({
        kind: p.kind,
        name: p.name,
        details: p.details.join("\n"),
        position,
        translations: { fil: { name: p.fil.name, details: p.fil.details.join("\n") } },
      })),
    );

    // Barangays
    await tx.insert(t.barangays).values(TOWNS.flatMap((town) => C.BARANGAYS[town].map((name) => ({ town, name }))));
  });

  const barangayRows = await db.select().from(t.barangays);
  const barangaysOf = (town: Town) => barangayRows.filter((b) => b.town === town);

  // Files first (outside the transaction: image encoding takes a moment)
  await storeFile(
    makePdf("data-privacy-statement", "Data Privacy Statement", [
      "Western Pangasinan Electric Cooperative, Inc. - Main Office, Bani, Pangasinan",
      "We collect only the personal data needed to serve you: name, address, account number,",
      "contact details and consumption. We keep it safe, use it only for your electric service,",
      "and never sell it. Under Republic Act 10173 you may access, correct or ask us to erase it.",
      "Data Protection Officer: dpo@wespeco.example.ph",
    ]),
  );
  const bidPdfs: string[] = [];
  for (const [i, title] of C.BID_TITLES.entries()) {
    bidPdfs.push(
      await storeFile(
        makePdf(`bid-${i + 1}`, "Invitation to Bid", [
          title,
          `Reference ITB-2026-${String(i + 1).padStart(3, "0")}`,
          "Bid documents: Php 1,000, non-refundable, at the Main Office.",
          "Opening of bids: Main Office conference room, 10:00 AM.",
        ]),
      ),
    );
  }
  const advisoryPdfs: string[] = [];
  for (const [i, title] of C.ADVISORY_TITLES.entries()) {
    advisoryPdfs.push(
      await storeFile(makePdf(`advisory-${i + 1}`, "Advisory", [title, "For details call the hotline or visit the nearest area office."])),
    );
  }
  const careerPdfs: string[] = [];
  for (const [i, title] of C.CAREER_TITLES.entries()) {
    careerPdfs.push(
      await storeFile(
        makePdf(`career-${i + 1}`, "Job Vacancy", [
          title,
          "Submit your application letter, resume and transcript of records",
          "to the HR Section, Main Office, Bani, Pangasinan.",
        ]),
      ),
    );
  }
  const posterImage = await storeFile(await makeWebp("advisory-poster", sceneSvg("Typhoon advisory", "dusk", 800, 450), 800));
  const careerPoster = await storeFile(await makeWebp("career-poster", sceneSvg("We are hiring", "office", 800, 450), 800));
  const galleryFiles: string[] = [];
  for (const g of C.GALLERY) {
    const svg = sceneSvg(g.caption, g.scene);
    // Two widths for srcset; the 480 one sits beside the 960 one by name.
    const big = await makeWebp(`gallery-${g.caption.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-960`, svg, 960);
    const small = await makeWebp(big.name.replace(/-960-[0-9a-f]{12}\.webp$/, "-480"), svg, 480);
    await storeFile(small);
    galleryFiles.push(await storeFile(big));
  }
  const partnerFiles: string[] = [];
  for (const p of C.PARTNERS) {
    const bytes = Buffer.from(logoSvg(p.initials, p.color));
    partnerFiles.push(
      await storeFile({
        name: contentName(`partner-${p.initials.toLowerCase()}`, bytes, "svg"),
        originalName: `${p.initials}.svg`,
        contentType: "image/svg+xml",
        size: bytes.length,
        width: 240,
        height: 120,
        bytes,
      }),
    );
  }
  const newsImages = new Map<string, { data: Buffer; width: number; height: number }>();
  for (const kind of NEWS_KINDS) {
    for (const [i, title] of C.NEWS[kind].entries()) {
      if (i % 3 === 2) continue; // some items have no image: the page shows its default one
      const img = await makeWebp(
        `news-${kind}-${i}`,
        sceneSvg(title.slice(0, 28), (["day", "dawn", "sea", "dusk"] as const)[i % 4], 800, 450),
        800,
      );
      newsImages.set(`${kind}-${i}`, { data: img.bytes, width: img.width!, height: img.height! });
    }
  }

  await db.transaction(async (tx) => {
    await tx.insert(t.galleryImages).values(
      C.GALLERY.map((g, i) => ({
        caption: g.caption,
        alt: g.alt,
        fileName: galleryFiles[i]!,
        position: i,
        translations: { fil: { caption: C.GALLERY_FIL[i]!.caption, alt: C.GALLERY_FIL[i]!.alt } },
      })),
    );
    await tx
      .insert(t.partners)
      .values(C.PARTNERS.map((p, i) => ({ name: p.name, url: null, logoFileName: partnerFiles[i]!, position: i })));

    // Announcements: bids and advisories, newest first by created_at
    for (const [i, title] of C.BID_TITLES.entries()) {
      const [row] = await tx
        .insert(t.announcements)
        .values({
          kind: "bid",
          title,
          body: `<p>The cooperative invites eligible suppliers to bid for: <strong>${title}</strong>.</p>`,
          translations: { fil: { title: C.BID_TITLES_FIL[i]!, body: C.bidBodyFil(C.BID_TITLES_FIL[i]!) } },
          createdAt: new Date(now.getTime() - (i * 23 + 3) * DAY),
        })
        .returning({ id: t.announcements.id });
      const files = i === 0 ? [bidPdfs[i]!, posterImage] : [bidPdfs[i]!];
      await tx
        .insert(t.announcementAttachments)
        .values(files.map((fileName, position) => ({ announcementId: row!.id, fileName, position })));
    }
    for (const [i, title] of C.ADVISORY_TITLES.entries()) {
      const [row] = await tx
        .insert(t.announcements)
        .values({
          kind: "advisory",
          title,
          body: `<p>${title}.</p>`,
          translations: { fil: { title: C.ADVISORY_TITLES_FIL[i]!, body: `<p>${C.ADVISORY_TITLES_FIL[i]!}.</p>` } },
          createdAt: new Date(now.getTime() - (i * 17 + 1) * DAY),
        })
        .returning({ id: t.announcements.id });
      const files = i === 0 ? [advisoryPdfs[i]!, posterImage] : i === 3 ? [] : [advisoryPdfs[i]!];
      if (files.length)
        await tx
          .insert(t.announcementAttachments)
          .values(files.map((fileName, position) => ({ announcementId: row!.id, fileName, position })));
    }
    for (const [i, jobTitle] of C.CAREER_TITLES.entries()) {
      const [row] = await tx
        .insert(t.careers)
        .values({
          jobTitle,
          body: `<p>Open position: ${jobTitle}.</p>`,
          translations: { fil: { jobTitle: C.CAREER_TITLES_FIL[i]!, body: `<p>Bakanteng posisyon: ${C.CAREER_TITLES_FIL[i]!}.</p>` } },
          createdAt: new Date(now.getTime() - (i * 11 + 2) * DAY),
        })
        .returning({ id: t.careers.id });
      const files = i === 0 ? [careerPdfs[i]!, careerPoster] : [careerPdfs[i]!];
      await tx.insert(t.careerAttachments).values(files.map((fileName, position) => ({ careerId: row!.id, fileName, position })));
    }

    // News items of the four kinds
    for (const kind of NEWS_KINDS) {
      for (const [i, title] of C.NEWS[kind].entries()) {
        const [row] = await tx
          .insert(t.newsItems)
          .values({
            kind,
            title,
            body: `<p>${title}.</p><p>The cooperative shares this update with its member-consumer-owners. For questions, call the hotline or visit the nearest area office.</p>`,
            translations: { fil: { title: C.NEWS_FIL[kind][i]!, body: C.newsBodyFil(C.NEWS_FIL[kind][i]!) } },
            createdAt: new Date(now.getTime() - (i * 34 + 5) * DAY),
          })
          .returning({ id: t.newsItems.id });
        const img = newsImages.get(`${kind}-${i}`);
        if (img)
          await tx
            .insert(t.newsItemImages)
            .values({ newsItemId: row!.id, data: img.data, contentType: "image/webp", width: img.width, height: img.height, alt: title });
      }
    }

    // Power interruptions: upcoming ones, one ongoing, recent past ones, one cancelled
    const plan: { day: number; hours: [number, number] | "around now"; status: InterruptionStatus; towns: Town[] }[] = [
      { day: -9, hours: [8, 17], status: "finished", towns: ["Dasol"] },
      { day: -6, hours: [7, 12], status: "finished", towns: ["Bolinao", "Anda"] },
      { day: -3, hours: [13, 16], status: "finished", towns: ["Agno"] },
      { day: -1, hours: [8, 15], status: "cancelled", towns: ["Mabini"] },
      // The ongoing one is placed around the clock, not at fixed hours: whatever the hour the
      // seed runs (a CI run at 23:02 Manila once found a 06:00–23:00 one already over).
      { day: 0, hours: "around now", status: "ongoing", towns: ["Alaminos"] },
      { day: 2, hours: [8, 17], status: "scheduled", towns: ["Bani"] },
      { day: 3, hours: [7, 11], status: "scheduled", towns: ["Bolinao"] },
      { day: 5, hours: [13, 17], status: "extended", towns: ["Burgos", "Mabini"] },
      { day: 6, hours: [8, 12], status: "scheduled", towns: ["Infanta"] },
      { day: 8, hours: [6, 14], status: "scheduled", towns: ["Dasol", "Infanta"] },
      { day: 10, hours: [9, 15], status: "scheduled", towns: ["Anda"] },
      { day: 12, hours: [8, 17], status: "scheduled", towns: ["Agno", "Burgos"] },
      { day: 15, hours: [7, 10], status: "scheduled", towns: ["Alaminos", "Bani"] },
    ];
    for (const [i, p] of plan.entries()) {
      const areas = p.towns.flatMap((town) => {
        const list = barangaysOf(town);
        const start = Math.floor(rnd() * list.length);
        return [0, 1, 2].map((k) => list[(start + k * 3) % list.length]!);
      });
      const names = (town: Town) =>
        areas
          .filter((a) => a.town === town)
          .map((a) => a.name)
          .join(", ");
      const { startsAt, endsAt } =
        p.hours === "around now" ? aroundNow(now) : { startsAt: manila(now, p.day, p.hours[0]), endsAt: manila(now, p.day, p.hours[1]) };
      const [row] = await tx
        .insert(t.powerInterruptions)
        .values({
          startsAt,
          endsAt,
          ...(() => {
            // The same work in English and in Filipino.
            const n = C.ACTIVITIES.indexOf(pick(C.ACTIVITIES));
            return { activities: `<p>${C.ACTIVITIES[n]}</p>`, translations: { fil: { activities: `<p>${C.ACTIVITIES_FIL[n]}</p>` } } };
          })(),
          affectedAreas: `<ul>${p.towns.map((town) => `<li><strong>${town}</strong>: ${names(town)}</li>`).join("")}</ul>`,
          circuitToBeOpened: `<p>${p.towns[0]} Substation Feeder ${1 + (i % 3)} (${p.towns.join("–")} line), recloser ${((i * 7) % 20) + 1}</p>`,
          status: p.status,
          statusUpdatedAt: new Date(Math.min(now.getTime(), startsAt.getTime()) - 2 * 3600_000),
        })
        .returning({ id: t.powerInterruptions.id });
      await tx.insert(t.powerInterruptionTowns).values(p.towns.map((town) => ({ interruptionId: row!.id, town })));
      await tx
        .insert(t.powerInterruptionBarangays)
        .values(areas.map((a) => ({ interruptionId: row!.id, barangayId: a.id })))
        .onConflictDoNothing();
    }

    // Rates and generation charges: every month from January 2021 to this month (Manila),
    // except generation charges for June 2023 (to show the empty message beside rates).
    const manilaNow = new Date(now.getTime() + 8 * 3600_000);
    const endKey = manilaNow.getUTCFullYear() * 12 + manilaNow.getUTCMonth();
    // Each month's official rates are the sums of its unbundled schedule (modules/rates/schedule.ts),
    // whose generation component is the month's generation rate (the breakdown's total row).
    const scheduleRows: (typeof t.rateSchedule.$inferInsert)[] = [];
    const generationRates = new Map<string, number>();
    const chargeRows: (typeof t.generationCharges.$inferInsert)[] = [];
    for (let key = 2021 * 12; key <= endKey; key++) {
      const year = Math.floor(key / 12);
      const month = (key % 12) + 1;
      const wave = Math.sin(key / 5) * 0.6 + (key - 2021 * 12) * 0.02;
      rnd(); // (was the single official rate: kept so the figures below stay as they were)
      const addSchedule = () => {
        const generation = generationRates.get(`${year}-${month}`) ?? 5.1 + wave * 0.5;
        for (const cls of ["R", "LV", "HV"] as const) {
          const s = demoSchedule(cls, generation);
          for (const [component, r] of Object.entries(s.components))
            scheduleRows.push({
              year,
              month,
              classCode: cls,
              component,
              rate: r.rate.toFixed(6),
              vatPercent: r.vatPercent.toFixed(4),
              vatPerUnit: r.vatPerUnit === null ? null : r.vatPerUnit.toFixed(6),
            });
        }
      };
      if (year === 2023 && month === 6) {
        addSchedule();
        continue;
      }
      const totalKwh = 21_000_000 + Math.round(rnd() * 6_000_000);
      let sums = { kwh: 0, basic: 0, other: 0, total: 0, ppd: 0, pil: 0, oga: 0 };
      for (const s of C.GENERATION_SOURCES) {
        const kwh = Math.round(totalKwh * s.share);
        const unit = 4.3 + wave * 0.5 + rnd() * 0.8;
        const basic = kwh * unit;
        const other = basic * (rnd() * 0.04 - 0.02);
        const total = basic + other;
        const ppd = -total * 0.01;
        const pil = -total * 0.002;
        const oga = total * (rnd() * 0.006);
        sums = {
          kwh: sums.kwh + kwh,
          basic: sums.basic + basic,
          other: sums.other + other,
          total: sums.total + total,
          ppd: sums.ppd + ppd,
          pil: sums.pil + pil,
          oga: sums.oga + oga,
        };
        chargeRows.push(charge(year, month, s.name, s.queue, (s.share * 100).toFixed(4), kwh, basic, other, total, ppd, pil, oga));
      }
      const totalRow = charge(
        year,
        month,
        "TOTAL",
        100,
        "100.0000",
        sums.kwh,
        sums.basic,
        sums.other,
        sums.total,
        sums.ppd,
        sums.pil,
        sums.oga,
      );
      chargeRows.push(totalRow);
      generationRates.set(`${year}-${month}`, Number(totalRow.generationRate));
      addSchedule();
    }
    for (let i = 0; i < scheduleRows.length; i += 1000) await tx.insert(t.rateSchedule).values(scheduleRows.slice(i, i + 1000));
    for (let i = 0; i < chargeRows.length; i += 300) await tx.insert(t.generationCharges).values(chargeRows.slice(i, i + 300));

    // AGAM: topics, then 24 accounts in each of the nine districts.
    await tx.insert(t.agamTopics).values(C.TOPICS.map((x, i) => ({ sequenceNumber: i + 1, topic: x.topic, description: x.description })));
    // The roll goes in as the cooperative's CSV would: the same checks and the same upsert as
    // the console's roll import (modules/members/roll*.ts). E-mail and PIN are not roll columns.
    const accounts: { accountNumber: string; phone: string | null; email: string; pinHash: string | null }[] = [];
    const roll: string[][] = [[...ROLL_COLUMNS]];
    // The second factor (docs/agam-demo-accounts.md): most accounts have a mobile number on file,
    // even-numbered ones also the demo registration PIN; k = 7, 15 and 23 have neither.
    const demoPinHash = await hashPin(DEMO_PIN);
    for (const d of AGAM_DISTRICTS) {
      const list = barangaysOf(d.town);
      for (let k = 0; k < DEMO_ACCOUNTS_PER_DISTRICT; k++) {
        const first = C.FIRST_NAMES[(k * 7 + d.district) % C.FIRST_NAMES.length]!;
        const last = C.LAST_NAMES[(k * 3 + d.district * 5) % C.LAST_NAMES.length]!;
        const accountNumber = demoAccountNumber(d.district, k);
        const phone = k % 8 === 7 ? null : `0917${String(1_000_000 + d.district * 100_000 + k * 1234).slice(0, 7)}`;
        roll.push([
          accountNumber,
          `${last.toUpperCase()}, ${first.toUpperCase()} ${String.fromCharCode(65 + ((k + d.district) % 26))}.`,
          `M-${d.district}${String(10_000 + k * 113).padStart(6, "0")}`,
          `${list[k % list.length]!.name}, ${d.town === "Alaminos" ? "Alaminos City" : d.town}, Pangasinan`,
          d.town,
          String(d.district),
          phone ?? "",
        ]);
        accounts.push({
          accountNumber,
          phone,
          pinHash: k % 2 === 0 ? demoPinHash : null,
          email: `${first.toLowerCase()}.${last.toLowerCase().replace(/[^a-z]/g, "")}${k}@example.ph`,
        });
      }
    }
    const checked = checkRoll(roll);
    if (!checked.ok || checked.refused.length) throw new Error(`demo roll refused: ${JSON.stringify(checked)}`);
    await storeRoll(tx, checked.members);
    for (const a of accounts)
      await tx.update(t.agamAccounts).set({ email: a.email, pinHash: a.pinHash }).where(eq(t.agamAccounts.accountNumber, a.accountNumber));
    // 13 months of bills and payments for every demo account, as the billing system's files,
    // through the import's own checks and storage (docs/bill-import.md).
    const today = new Date(now.getTime() + 8 * 3600_000);
    const lastKey = today.getUTCFullYear() * 12 + today.getUTCMonth() - (today.getUTCDate() >= 5 ? 0 : 1);
    const billing = demoBilling(
      { year: Math.floor(lastKey / 12), month: (lastKey % 12) + 1 },
      today.toISOString().slice(0, 10),
      (y, m) => generationRates.get(`${y}-${m}`) ?? 5.1,
    );
    const classes = new Set((await tx.select({ code: t.rateClasses.code }).from(t.rateClasses)).map((c) => c.code));
    const billFile = checkBillFile(csvCells(billing.billsCsv)!, classes);
    if (!billFile.ok || billFile.refused.length) throw new Error(`demo bills refused: ${JSON.stringify(billFile).slice(0, 2000)}`);
    await storeBills(tx, billFile.records);
    const paymentFile = checkPaymentFile(csvCells(billing.paymentsCsv)!);
    if (!paymentFile.ok || paymentFile.refused.length)
      throw new Error(`demo payments refused: ${JSON.stringify(paymentFile).slice(0, 2000)}`);
    await storePayments(tx, paymentFile.records, paymentFile.lines);

    // A few already registered, so the dashboard starts above zero and the "registered" notice can be seen.
    const topics = await tx.select().from(t.agamTopics);
    for (const [n, a] of accounts.filter((_, i) => i % DEMO_ACCOUNTS_PER_DISTRICT === DEMO_REGISTERED_INDEX).entries()) {
      const [reg] = await tx
        .insert(t.agamRegistrations)
        .values({
          reference: `AGAM-2026-${String(n + 1).padStart(6, "0")}`,
          accountNumber: a.accountNumber,
          origin: "web",
          phone: a.phone ?? "",
          email: a.email!,
          registeredAt: new Date(now.getTime() - (n + 1) * 3600_000),
        })
        .returning({ id: t.agamRegistrations.id });
      await tx.insert(t.agamDecisions).values(
        topics.map((tp) => {
          // A few disapprovals with reasons, so the tally has something to count.
          const against = DEMO_DISAGREEMENTS.find((x) => x.registration === n && x.topicSequence === tp.sequenceNumber);
          return {
            registrationId: reg!.id,
            topicId: tp.id,
            topicSequenceNumber: tp.sequenceNumber,
            answerValue: against ? 0 : 1,
            reason: against?.reason ?? "",
          };
        }),
      );
    }
  });

  // Survey answers, pre-registrations and a restored incident with grouped reports.
  await seedActivity(db, now);
}

function charge(
  year: number,
  month: number,
  name: string,
  queue: number,
  percent: string,
  kwh: number,
  basic: number,
  other: number,
  total: number,
  ppd: number,
  pil: number,
  oga: number,
): typeof t.generationCharges.$inferInsert {
  const net = total + ppd + pil + oga;
  return {
    year,
    month,
    sourceName: name,
    sourceQueue: queue,
    percentKwhPurchased: percent,
    kwhPurchased: kwh.toFixed(2),
    basicGenerationCost: basic.toFixed(2),
    otherCostAdjustment: other.toFixed(2),
    totalGenerationCost: total.toFixed(2),
    promptPaymentDiscount: ppd.toFixed(2),
    pilferageCostRecoveries: pil.toFixed(2),
    otherGenerationCostAdjustment: oga.toFixed(2),
    generationRate: (net / kwh).toFixed(4),
  };
}
