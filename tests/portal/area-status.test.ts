/**
 * Power in the member's area on the portal's overview: each linked account's barangay (from its
 * address on the roll) with power or not and when it is expected back, its town's share of
 * barangays with power, and a link to that town on the outages hub; in English and Filipino.
 * The hub's figures are set as a dispatcher would, then the change is announced as staff saves do.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agamAccounts } from "../../db/schema";
import { getHubStatus, setBarangayPower } from "../../modules/interruptions/restoration-hub.server";
import { barangayOfAddress } from "../../modules/places/barangays.server";
import { TOWNS } from "../../modules/shared/constants";
import { formatDateTime } from "../../modules/shared/dates";
import { demoAccountNumber } from "../../seed/accounts";
import { CONTENT_CHANGED_CHANNEL } from "../../server/bus";
import { createTestApp, type TestApp } from "../support/app";
import { type SmsGatewayStandIn, startSmsGateway } from "../support/sms-gateway";
import { register, Visitor } from "./helpers";

describe("power in the member's area on the overview", () => {
  let t: TestApp;
  let sms: SmsGatewayStandIn;
  let v: Visitor;
  const ACCOUNT = demoAccountNumber(3, 2);
  let place: { id: number; name: string; town: (typeof TOWNS)[number] };
  const text = (html: string) => html.replaceAll("<!-- -->", "").replace(/<[^>]+>/g, "");

  beforeAll(async () => {
    sms = await startSmsGateway();
    t = await createTestApp({
      withPages: true,
      env: { RATE_LIMIT: "off", TRUST_PROXY: "127.0.0.1", SMS_GATEWAY_URL: sms.url, SMS_API_KEY: sms.apiKey, REFERENCE_TTL_MS: "60000" },
    });
    v = new Visitor(t);
    await register(v, sms, ACCOUNT);
    const db = t.db.handle.db;
    const [roll] = await db.select().from(agamAccounts).where(eq(agamAccounts.accountNumber, ACCOUNT));
    const town = TOWNS.find((x) => x === roll!.town)!;
    const found = await barangayOfAddress(db, town, roll!.address);
    if (!found) throw new Error(`the demo account's address names no barangay: ${roll!.address}`);
    place = found;
  });
  afterAll(async () => {
    await t?.close();
    await sms?.close();
  });

  const setPower = async (off: boolean, etr: Date | null) => {
    await setBarangayPower(t.db.handle.db, {
      barangayId: place.id,
      consumers: 200,
      consumersOff: off ? 200 : 0,
      etr,
      crews: off ? 1 : 0,
      actorId: "",
    });
    await t.bus.publish(CONTENT_CHANGED_CHANNEL, "outages");
  };

  it("an account whose barangay is off shows it, with the estimated restoration and a link to its town on the hub", async () => {
    const etr = new Date("2030-01-02T10:30:00Z");
    await setPower(true, etr);
    const hub = await getHubStatus(t.db.handle.db);
    const town = hub.towns.find((x) => x.town === place.town)!;
    const en = await v.get("/mco");
    expect(en.statusCode).toBe(200);
    const words = text(en.body);
    console.info(`[figure] overview area status: ${/Power in your area(.*?)Outages in/.exec(words)?.[1]}`);
    expect(words).toContain(`Power in your area`);
    expect(words).toContain(`No power in ${place.name}, ${place.town}; expected back ${formatDateTime(etr)}.`);
    expect(words).toContain(`In ${place.town}: ${town.barangaysEnergized} of ${town.barangaysTotal} barangays with power`);
    expect(en.body).toContain(`href="/outages#barangays-${place.town.toLowerCase()}"`);
    // The hub's town has the same anchor.
    const hubPage = await t.app.inject({ url: "/outages" });
    expect(hubPage.body).toContain(`id="barangays-${place.town.toLowerCase()}"`);

    const fil = text((await v.get("/fil/mco")).body);
    expect(fil).toContain("Kuryente sa inyong lugar");
    expect(fil).toContain(`Walang kuryente sa ${place.name}, ${place.town}; inaasahang babalik ${formatDateTime(etr, "fil")}.`);
    expect(fil).toContain(`Brownout sa ${place.town}`);
    expect(fil).not.toMatch(/Power in your area|No power in|expected back/);
  });

  it("once restored, the barangay has power again on the overview", async () => {
    await setPower(false, null);
    const words = text((await v.get("/mco")).body);
    expect(words).toContain(`${place.name}, ${place.town} has power.`);
    expect(words).not.toContain(`No power in ${place.name}`);
  });
});
