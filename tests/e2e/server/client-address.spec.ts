/**
 * The client address, through the real proxy: deploy/nginx.conf sets X-Forwarded-For to the
 * address it saw (it does not append to the client's), and the service trusts only that
 * proxy (TRUST_PROXY=127.0.0.1), so a made-up header per request gains nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/app";
import { type RunningNginx, startNginx } from "../../support/nginx";

describe("the client address behind nginx", () => {
  let t: TestApp;
  let nginx: RunningNginx;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "127.0.0.1" } });
    await t.listen();
    nginx = await startNginx({ upstreamPort: Number(new URL(t.url).port) });
  });
  afterAll(async () => {
    await nginx?.stop();
    await t?.close();
  });

  it("limits look-ups however the client spoofs X-Forwarded-For", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await fetch(nginx.url + "/api/v1/agam/pool/check-account-number/01-0123-4567", {
        headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
      });
      codes.push(res.status);
      await res.body?.cancel();
    }
    expect(codes.slice(0, 10)).not.toContain(429);
    expect(codes.slice(10)).toEqual([429, 429, 429, 429]);
  });
});
