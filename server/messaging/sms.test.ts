import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmsGatewayStandIn, startSmsGateway } from "../../tests/support/sms-gateway";
import { semaphoreGateway } from "./sms";

describe("Semaphore SMS adapter against a loopback gateway", () => {
  let gateway: SmsGatewayStandIn;
  beforeAll(async () => (gateway = await startSmsGateway()));
  afterAll(() => gateway.close());

  it("sends a message and returns the gateway's id", async () => {
    const sms = semaphoreGateway({ url: gateway.url, apiKey: gateway.apiKey, senderName: "WPECO" });
    const result = await sms.send("639171234567", "Hello");
    expect(result).toEqual({ ok: true, gatewayId: expect.any(String) });
    expect(gateway.messages.at(-1)).toMatchObject({ number: "639171234567", message: "Hello", sendername: "WPECO" });
  });

  it("reports a rate limit as retryable with the wait", async () => {
    gateway.failNext(429);
    const result = await semaphoreGateway({ url: gateway.url, apiKey: gateway.apiKey }).send("639171234567", "x");
    expect(result).toEqual({ ok: false, retryable: true, error: "gateway rate limit", retryAfterSeconds: 1 });
  });

  it("reports a server error as retryable and an invalid number as final", async () => {
    gateway.failNext(500);
    expect(await semaphoreGateway({ url: gateway.url, apiKey: gateway.apiKey }).send("639171234567", "x")).toMatchObject({
      ok: false,
      retryable: true,
    });
    expect(await semaphoreGateway({ url: gateway.url, apiKey: gateway.apiKey }).send("12345", "x")).toMatchObject({
      ok: false,
      retryable: false,
      error: expect.stringContaining("number format is invalid"),
    });
  });

  it("reports a wrong key as final and an unreachable gateway as retryable", async () => {
    expect(await semaphoreGateway({ url: gateway.url, apiKey: "wrong" }).send("639171234567", "x")).toMatchObject({
      ok: false,
      retryable: false,
    });
    expect(await semaphoreGateway({ url: "http://127.0.0.1:9/", apiKey: "k", timeoutMs: 2000 }).send("639171234567", "x")).toMatchObject({
      ok: false,
      retryable: true,
    });
  });

  it("sends one text to many numbers in one call, each number's outcome from the answer", async () => {
    const sms = semaphoreGateway({ url: gateway.url, apiKey: gateway.apiKey });
    const before = gateway.calls.length;
    const result = await sms.sendBulk(["639171110001", "09171110002", "12345"], "Bulk");
    expect(gateway.calls.length).toBe(before + 1);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect([...result.accepted.keys()]).toEqual(["639171110001", "09171110002"]);
    expect([...result.refused.keys()]).toEqual(["12345"]);
    expect(result.accepted.get("639171110001")).toBe(String(gateway.messages.find((m) => m.number === "639171110001")!.id));
  });

  it("a number the gateway left out of its answer is neither accepted nor refused", async () => {
    gateway.acceptOnlyNext(1);
    const result = await semaphoreGateway({ url: gateway.url, apiKey: gateway.apiKey }).sendBulk(["639171110003", "639171110004"], "x");
    expect(result.ok && [...result.accepted.keys()]).toEqual(["639171110003"]);
    expect(result.ok && result.refused.size).toBe(0);
  });
});

describe("the gateway stand-in holds to its limits", () => {
  it("refuses more numbers than its bulk size, and answers 429 with the wait beyond its rate", async () => {
    const small = await startSmsGateway({ bulkLimit: 2, callsPerWindow: 1, windowMs: 60_000 });
    try {
      const sms = semaphoreGateway({ url: small.url, apiKey: small.apiKey });
      expect(await sms.sendBulk(["639171110005", "639171110006", "639171110007"], "x")).toMatchObject({
        ok: false,
        retryable: false,
        error: expect.stringContaining("more than 2"),
      });
      // That refused call still counted against the rate: the next one waits about a minute.
      const limited = await sms.sendBulk(["639171110005"], "x");
      expect(limited).toMatchObject({ ok: false, retryable: true, error: "gateway rate limit" });
      expect(!limited.ok && limited.retryAfterSeconds).toBeGreaterThan(50);
      expect(small.messages).toHaveLength(0);
    } finally {
      await small.close();
    }
  });
});
