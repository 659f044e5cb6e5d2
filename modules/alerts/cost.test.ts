import { describe, expect, it } from "vitest";
import { costPreview, describeDuration, smsSegments } from "./cost";

describe("SMS segments", () => {
  it("counts GSM-7 septets, the extension set as two, and concatenated segments of 153", () => {
    expect(smsSegments("a".repeat(160))).toEqual({ encoding: "GSM-7", length: 160, segments: 1 });
    expect(smsSegments("a".repeat(161))).toEqual({ encoding: "GSM-7", length: 161, segments: 2 });
    expect(smsSegments(`${"a".repeat(159)}€`)).toEqual({ encoding: "GSM-7", length: 161, segments: 2 });
    expect(smsSegments("a".repeat(306)).segments).toBe(2);
    expect(smsSegments("a".repeat(307)).segments).toBe(3);
    expect(smsSegments("Señor, Niño").encoding).toBe("GSM-7");
  });

  it("makes the whole text UCS-2 for one character outside GSM-7: 70, then 67 a segment", () => {
    expect(smsSegments(`Brownout ⚡ ${"a".repeat(59)}`)).toEqual({ encoding: "UCS-2", length: 70, segments: 1 });
    expect(smsSegments(`Brownout ⚡ ${"a".repeat(60)}`)).toEqual({ encoding: "UCS-2", length: 71, segments: 2 });
    expect(smsSegments("Pangasinān").segments).toBe(1);
    expect(smsSegments("😀".repeat(35)).length).toBe(70);
  });
});

describe("cost preview", () => {
  const rates = { smsCallsPerMinute: 120, smsBulkLimit: 1000, smsCreditsPerSegment: 1, emailPerSecond: 200 };

  it("gives credits and the time to the last message at the configured rates", () => {
    const p = costPreview({ email: 50_000, sms: 50_000, push: 300 }, "a".repeat(200), rates);
    expect(p.sms).toMatchObject({ encoding: "GSM-7", segments: 2, credits: 100_000, calls: 50, seconds: 24.5 });
    expect(p.email.seconds).toBe(250);
    expect(p.seconds).toBe(250);
    expect(describeDuration(p.seconds)).toBe("about 4 minutes");
  });

  it("one number a call (the old way) takes hours for a town", () => {
    const p = costPreview({ email: 0, sms: 50_000, push: 0 }, "short", { ...rates, smsBulkLimit: 1 });
    expect(describeDuration(p.seconds)).toBe("about 6.9 hours");
    expect(costPreview({ email: 0, sms: 0, push: 0 }, "x", rates).seconds).toBe(0);
  });
});
