/**
 * The CAP feed as a client gets it: through the real route and the server's answer cache
 * (a fresh start, the cache on), a miss and then a hit, both valid CAP 1.2 by xmllint
 * against the OASIS schema in schemas/cap/.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { declareMajorEvent } from "../../modules/interruptions/restoration-hub.server";
import { createTestApp, type TestApp } from "../support/app";
import { CAP_XSD, xmlErrors } from "../support/xmllint";

const capErrors = (xml: string) => xmlErrors(xml, CAP_XSD);

describe("the CAP feed through the answer cache", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CACHE_TTL_MS: "60000" } });
    await declareMajorEvent(t.db.handle.db, { title: "Typhoon Ramon: major event", message: "Crews are deployed.", actorId: "u1" });
  });
  afterAll(async () => t?.close());

  it("answers 200 with a valid CAP 1.2 document, first from the route, then from the cache", async () => {
    const first = await t.app.inject({ url: "/api/v1/outages/cap.xml", headers: { "accept-encoding": "identity" } });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("application/cap+xml; charset=utf-8");
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(first.body).toContain("<headline>Typhoon Ramon: major event</headline>");
    expect(capErrors(first.body)).toBe("");

    const second = await t.app.inject({ url: "/api/v1/outages/cap.xml?cb=2", headers: { "accept-encoding": "gzip" } });
    expect(second.statusCode).toBe(200);
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.headers["content-type"]).toBe("application/cap+xml; charset=utf-8");
    expect(second.headers["content-encoding"]).toBe("gzip");
    expect(second.rawPayload.length).toBeLessThan(first.rawPayload.length);

    // The check itself can fail: a broken document is refused.
    expect(capErrors(first.body.replace("<status>Actual</status>", "<status>Maybe</status>"))).toMatch(/status/);
  });
});
