/**
 * One outage picture: while an interruption is on, /outages and its JSON count the
 * barangays it touches as without power (scheduled or not), with their consumers known in
 * advance from the member roll; an open report of no power counts its barangay too; and a
 * dispatcher sets a whole town in one save on the hub.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agamAccounts, barangayPower, barangays } from "../../db/schema";
import { createInterruption, interruptionFormSchema } from "../../modules/interruptions/editor.server";
import { consumersFromRoll } from "../../modules/interruptions/restoration-hub.server";
import { fileReport } from "../../modules/reports/queries.server";
import { manilaFormParts } from "../../modules/shared/dates";
import { createTestApp, type TestApp } from "../support/app";
import { signInAs } from "../support/staff";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ withPages: true });
});
afterAll(async () => t?.close());

const status = async () =>
  (await t.app.inject({ url: "/api/v1/outages/status" })).json() as {
    data: {
      totals: { barangays_total: number; barangays_energized: number; consumers_total: number; consumers_restored: number };
      towns: {
        town: string;
        barangays_total: number;
        barangays_energized: number;
        areas_off: { barangay: string; consumers: number; consumers_off: number; reasons: string[] }[];
      }[];
    };
  };

describe("one outage picture", () => {
  it("an interruption on now and an open report count their barangays as off, with the roll's consumers", async () => {
    const db = t.db.handle.db;
    const burgos = await db.select().from(barangays).where(eq(barangays.town, "Burgos")).orderBy(barangays.name);
    const first = burgos[0]!;
    // The roll knows 3 more accounts in the first barangay of Burgos.
    const known = (await consumersFromRoll(db)).get(first.id) ?? 0;
    await db.insert(agamAccounts).values(
      [1, 2, 3].map((n) => ({
        accountNumber: `09-0000-000${n}`,
        name: `ROLL, MEMBER ${n}`,
        membershipNumber: `R-${n}`,
        address: `Purok ${n}, ${first.name}, Burgos, Pangasinan`,
        district: 9,
        area: "south" as const,
        town: "Burgos" as const,
      })),
    );
    const before = await status();
    const burgosBefore = before.data.towns.find((x) => x.town === "Burgos")!;
    expect(burgosBefore.barangays_energized).toBeGreaterThan(0);

    const today = manilaFormParts(new Date()).date;
    const tomorrow = manilaFormParts(new Date(Date.now() + 86_400_000)).date;
    // Scheduled, not marked ongoing: inside its window it is on all the same.
    await createInterruption(
      { db, actor: { id: "d", name: "Dispatcher" }, contentChanged: async () => {} },
      interruptionFormSchema.parse({
        date: today,
        endDate: tomorrow,
        start: "00:01",
        end: "23:00",
        activities: "Feeder rehabilitation",
        circuit: "Burgos Feeder 1",
        wholeTown: ["Burgos"],
        publish: "now",
      }),
    );
    const mabini = await db.select().from(barangays).where(eq(barangays.town, "Mabini")).limit(1);
    await fileReport(db, {
      kind: "no-power",
      barangayId: mabini[0]!.id,
      landmark: "by the church",
      details: "",
      accountNumber: "",
      mobile: "",
    });

    const after = await status();
    const b = after.data.towns.find((x) => x.town === "Burgos")!;
    expect(b.barangays_energized).toBe(0);
    expect(b.areas_off).toHaveLength(burgos.length);
    const off = b.areas_off.find((a) => a.barangay === first.name)!;
    expect(off).toMatchObject({ consumers: known + 3, consumers_off: known + 3 });
    expect(off.reasons.join()).toMatch(/interruption until/);
    const m = after.data.towns.find((x) => x.town === "Mabini")!;
    const mBefore = before.data.towns.find((x) => x.town === "Mabini")!;
    expect(m.areas_off.find((a) => a.barangay === mabini[0]!.name)!.reasons.join()).toMatch(/Reported by members/);
    expect(after.data.totals.barangays_energized).toBe(
      before.data.totals.barangays_energized - burgosBefore.barangays_energized - (mBefore.barangays_energized - m.barangays_energized),
    );
    expect(mBefore.barangays_energized - m.barangays_energized).toBeLessThanOrEqual(1);

    const page = (await t.app.inject({ url: "/outages" })).body.replaceAll("<!-- -->", "");
    expect(page).not.toContain("No area is reported without power");
    expect(page).not.toContain(`<strong>${before.data.totals.barangays_total} of ${before.data.totals.barangays_total}</strong>`);
    expect(page).toContain(`${first.name}</strong>: ${known + 3} of ${known + 3} consumers without power`);
    expect(page).toMatch(/Power interruption until|Scheduled interruption until/);
    // In Filipino the reasons are worded by the page, not the API's English.
    const filipino = (await t.app.inject({ url: "/fil/outages" })).body.replaceAll("<!-- -->", "");
    expect(filipino).toMatch(/Iniulat ng mga miyembro \(insidente \d+\)/);
    expect(filipino).toMatch(/(Nakatakdang pagkawala|Pagkawala) ng kuryente hanggang/);
    expect(filipino).not.toMatch(/Reported by members|interruption until/);
  });

  it("a dispatcher sets a whole town in one save, audited", async () => {
    const dispatcher = await signInAs(t, "dispatcher");
    const db = t.db.handle.db;
    const bolinao = await db.select().from(barangays).where(eq(barangays.town, "Bolinao"));
    const post = (fields: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url: "/staff/outages?town=Bolinao",
        headers: { cookie: dispatcher.cookie, "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ intent: "town", town: "Bolinao", ...fields }).toString(),
      });
    const refused = await post({ etr: "" });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain("Choose: the whole town without power, or restored.");

    const saved = await post({ state: "off", etr: `${manilaFormParts(new Date(Date.now() + 86_400_000)).date}T18:00` });
    expect(saved.statusCode).toBe(303);
    const landed = await t.app.inject({ url: saved.headers.location as string, headers: { cookie: dispatcher.cookie } });
    expect(landed.body).toContain(`Bolinao: all ${bolinao.length} barangays marked without power.`);
    const rows = await db.select().from(barangayPower);
    expect(rows.filter((r) => bolinao.some((b) => b.id === r.barangayId))).toHaveLength(bolinao.length);
    const b = (await status()).data.towns.find((x) => x.town === "Bolinao")!;
    expect(b.barangays_energized).toBeLessThan(b.barangays_total);

    await post({ state: "restored", etr: "" });
    const restored = (await status()).data.towns.find((x) => x.town === "Bolinao")!;
    expect(restored.barangays_energized).toBe(restored.barangays_total);
  });
});
