import { describe, expect, it } from "vitest";
import { type Bus, createBus } from "./bus";

/** In-process always; through Redis too when REDIS_URL is set (CI runs both). */
const kinds: [string, string | undefined][] = [["in-process", undefined]];
if (process.env.REDIS_URL) kinds.push(["redis", process.env.REDIS_URL]);

describe.each(kinds)("the message bus (%s)", (_name, url) => {
  it("delivers a message to every subscriber, and across processes with Redis", async () => {
    const publisher: Bus = await createBus(url);
    // With Redis a second bus stands for a second server process.
    const receiver: Bus = url ? await createBus(url) : publisher;
    const got: string[] = [];
    const off = receiver.subscribe("test-channel", (m) => got.push(m));
    await new Promise((r) => setTimeout(r, 100));
    await publisher.publish("test-channel", "hello");
    for (let i = 0; i < 50 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual(["hello"]);
    off();
    await publisher.publish("test-channel", "after unsubscribe");
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual(["hello"]);
    await publisher.close();
    if (receiver !== publisher) await receiver.close();
  });
});
