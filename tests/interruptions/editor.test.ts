/**
 * The dispatcher's core functions against a real database: each change writes the row, its
 * revision and its event together, the public queries see only what is published and due,
 * and a CSV with one bad row stores nothing.
 */

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { interruptionEvents, powerInterruptions } from "../../db/schema";
import { type ContentContext, ContentValidationError } from "../../modules/content/context";
import { listRevisions } from "../../modules/content/revisions.server";
import {
  allBarangays,
  changeInterruptionStatus,
  copyInterruption,
  countInterruptions,
  createInterruption,
  IMPORT_TEMPLATE,
  ImportError,
  importInterruptionsCsv,
  interruptionFormSchema,
  restoreInterruptionRevision,
  updateInterruption,
} from "../../modules/interruptions/editor.server";
import { listUpcomingInterruptions } from "../../modules/interruptions/queries.server";
import { setClock } from "../../modules/shared/clock";
import { manilaFormParts } from "../../modules/shared/dates";
import { createTestApp, type TestApp } from "../support/app";

let t: TestApp;
let ctx: ContentContext;
const announced: string[] = [];
const tomorrow = manilaFormParts(new Date(Date.now() + 86_400_000)).date;
const dayAfter = manilaFormParts(new Date(Date.now() + 2 * 86_400_000)).date;

beforeAll(async () => {
  t = await createTestApp();
  ctx = { db: t.db.handle.db, actor: { id: "u-dispatch", name: "Dana Dispatcher" }, contentChanged: async (a) => void announced.push(a) };
});
afterAll(async () => {
  setClock(null);
  await t.close();
});

const form = (over: Record<string, unknown> = {}) =>
  interruptionFormSchema.parse({
    date: tomorrow,
    start: "08:00",
    end: "17:00",
    activities: "Pole replacement",
    circuit: "Bani Feeder 1",
    wholeTown: ["Bani"],
    publish: "now",
    ...over,
  });

describe("interruption editor", () => {
  it("creates, publishes and announces; the public list shows it with every Bani barangay", async () => {
    const id = await createInterruption(ctx, form({ activities: "Unique pole job 7781" }));
    const list = await listUpcomingInterruptions(t.db.handle.db, { town: "Bani" });
    const mine = list.find((i) => i.id === id)!;
    expect(mine.activities).toBe("<p>Unique pole job 7781</p>");
    const bani = (await allBarangays(t.db.handle.db)).filter((b) => b.town === "Bani");
    expect(mine.barangays).toHaveLength(bani.length);
    expect(announced).toContain("interruptions");
    const events = await t.db.handle.db.select().from(interruptionEvents).where(eq(interruptionEvents.interruptionId, id));
    expect(events.map((e) => e.kind)).toEqual(["published"]);
    expect((await listRevisions(t.db.handle.db, "interruption", id)).map((r) => [r.version, r.action, r.actorName])).toEqual([
      [1, "created", "Dana Dispatcher"],
    ]);
  });

  it("keeps drafts and not-yet-due items off the public list until their time", async () => {
    const draft = await createInterruption(ctx, form({ publish: "draft" }));
    const laterLocal = `${tomorrow}T06:00`;
    const scheduled = await createInterruption(ctx, form({ publish: "schedule", publishAt: laterLocal }));
    const ids = async () => (await listUpcomingInterruptions(t.db.handle.db)).map((i) => i.id);
    expect(await ids()).not.toContain(draft);
    expect(await ids()).not.toContain(scheduled);
    setClock(new Date(new Date(`${tomorrow}T06:00:00+08:00`).getTime() + 1000));
    expect(await ids()).toContain(scheduled);
    expect(await ids()).not.toContain(draft);
    setClock(null);
  });

  it("changes status with a note, records the event, and refuses an impossible change", async () => {
    const id = await createInterruption(ctx, form());
    await changeInterruptionStatus(ctx, id, { status: "ongoing", note: "Crew on site", newEnd: "" });
    await expect(changeInterruptionStatus(ctx, id, { status: "cancelled", note: "", newEnd: "" })).rejects.toBeInstanceOf(
      ContentValidationError,
    );
    await expect(changeInterruptionStatus(ctx, id, { status: "extended", note: "", newEnd: `${tomorrow}T16:00` })).rejects.toThrow();
    await changeInterruptionStatus(ctx, id, { status: "extended", note: "Two more poles", newEnd: `${tomorrow}T19:30` });
    const [row] = await t.db.handle.db.select().from(powerInterruptions).where(eq(powerInterruptions.id, id));
    expect(row!.status).toBe("extended");
    expect(manilaFormParts(row!.endsAt).time).toBe("19:30");
    const events = await t.db.handle.db.select().from(interruptionEvents).where(eq(interruptionEvents.interruptionId, id));
    expect(events.map((e) => [e.kind, e.note])).toEqual([
      ["published", ""],
      ["ongoing", "Crew on site"],
      ["extended", "Two more poles"],
    ]);
  });

  it("reports pasted names it cannot match and keeps nothing", async () => {
    const before = await countInterruptions(t.db.handle.db);
    const error = await createInterruption(ctx, form({ wholeTown: [], pasteNames: "Nowhere Land", pasteTown: "Bani" })).catch((e) => e);
    expect(error).toBeInstanceOf(ContentValidationError);
    expect(error.fieldErrors.pasteNames).toContain("Nowhere Land");
    expect(await countInterruptions(t.db.handle.db)).toBe(before);
  });

  it("edits with a 'moved' event, restores an earlier revision, and copies to another day as a draft", async () => {
    const id = await createInterruption(ctx, form({ activities: "First wording" }));
    await updateInterruption(ctx, id, form({ activities: "Second wording", start: "09:00", publish: "keep" }));
    const events = await t.db.handle.db.select().from(interruptionEvents).where(eq(interruptionEvents.interruptionId, id));
    expect(events.map((e) => e.kind)).toEqual(["published", "moved"]);
    await restoreInterruptionRevision(ctx, id, 1);
    const revisions = await listRevisions(t.db.handle.db, "interruption", id);
    expect(revisions.map((r) => r.action)).toEqual(["restored v1", "edited", "created"]);
    expect(revisions[0]!.snapshot).toMatchObject({ activities: "<p>First wording</p>", start: "08:00" });
    const copy = await copyInterruption(ctx, id, dayAfter);
    const [row] = await t.db.handle.db.select().from(powerInterruptions).where(eq(powerInterruptions.id, copy));
    expect(row!.publication).toBe("draft");
    expect(manilaFormParts(row!.startsAt)).toEqual({ date: dayAfter, time: "08:00" });
  });

  it("imports a week from CSV, or nothing at all when one row is wrong, naming row and column", async () => {
    const before = await countInterruptions(t.db.handle.db);
    const ok = IMPORT_TEMPLATE.replace(/2026-03-05/, tomorrow)
      .replace(/2026-03-06/, dayAfter)
      .replace("Centro Toma; Poblacion", "Poblacion");
    const bad = `${ok}${dayAfter},10:00,09:00,Atlantis,ALL,Work,Line\r\n`;
    const error = await importInterruptionsCsv(ctx, bad, "now").catch((e) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect(error.problems).toEqual(expect.arrayContaining([expect.objectContaining({ row: 4, column: "town" })]));
    expect(await countInterruptions(t.db.handle.db)).toBe(before);
    const ids = await importInterruptionsCsv(ctx, ok, "now");
    expect(ids).toHaveLength(2);
    expect(await countInterruptions(t.db.handle.db)).toBe(before + 2);
  });
});
