import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useSite } from "../../support/app";
import { type RunningNginx, startNginx } from "../../support/nginx";

/** deploy/nginx.conf, run by Debian's nginx in front of the service. */
describe("the nginx micro-cache", () => {
  const t = useSite({ env: { CACHE_TTL_MS: "10000" } });
  let nginx: RunningNginx;
  beforeAll(async () => {
    nginx = await startNginx({ upstreamPort: Number(new URL(t.url).port) });
  });
  afterAll(async () => {
    await nginx?.stop();
  });

  it("keeps public pages and answers repeats from its cache", async () => {
    const first = await fetch(nginx.url + "/news/power-interruptions");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-micro-cache")).toBe("MISS");
    expect(first.headers.get("cache-control")).toMatch(/s-maxage=\d+/);
    const second = await fetch(nginx.url + "/news/power-interruptions");
    expect(second.headers.get("x-micro-cache")).toBe("HIT");
    expect(await second.text()).toContain("Power");
  });

  it("never keeps answers marked no-store", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(nginx.url + "/readyz");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-micro-cache")).not.toBe("HIT");
    }
  });

  it("passes form posts through to the service", async () => {
    const res = await fetch(nginx.url + "/api/v1/customer-satisfaction-survey", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(422);
    expect(res.headers.get("x-micro-cache")).toBeNull();
  });

  it("serves the last good copy when the service is gone", async () => {
    await fetch(nginx.url + "/about-us");
    await t.app.close();
    const res = await fetch(nginx.url + "/about-us");
    expect(res.status).toBe(200);
    expect(["HIT", "STALE", "UPDATING"]).toContain(res.headers.get("x-micro-cache"));
  });
});
