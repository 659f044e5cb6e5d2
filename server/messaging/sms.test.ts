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
});
