import { describe, expect, test } from "vitest";
import { computeTally, percent, type TallyVote, tallyCsv } from "./tally";

const topics = [
  { id: 20, sequenceNumber: 2, topic: "Second" },
  { id: 10, sequenceNumber: 1, topic: "First" },
];
const v = (topicId: number, district: number, value: 0 | 1, reason = ""): TallyVote => ({ topicId, district, value, reason });

// Five voters: districts 1, 1, 3, 3, 9. Topic 1: 3 approve, 2 disapprove; topic 2: all approve but one.
const votes = [
  v(10, 1, 1),
  v(10, 1, 0, "Too costly"),
  v(10, 3, 1),
  v(10, 3, 0, "  Not explained  "),
  v(10, 9, 1),
  v(20, 1, 1),
  v(20, 1, 1),
  v(20, 3, 1),
  v(20, 3, 1),
  v(20, 9, 0, ""),
];

describe("computeTally", () => {
  const tally = computeTally(topics, votes, 5, 3910);

  test("topics come in sequence order", () => {
    expect(tally.topics.map((t) => t.topic.sequenceNumber)).toEqual([1, 2]);
  });

  test("overall counts and shares per topic", () => {
    expect(tally.topics[0]!.overall).toEqual({ approve: 3, disapprove: 2, total: 5, approveShare: 0.6, disapproveShare: 0.4 });
    expect(tally.topics[1]!.overall).toEqual({ approve: 4, disapprove: 1, total: 5, approveShare: 0.8, disapproveShare: 0.2 });
  });

  test("by district: all nine, with zeros where nobody voted", () => {
    const first = tally.topics[0]!.byDistrict;
    expect(first).toHaveLength(9);
    expect(first[0]).toMatchObject({ district: 1, town: "Bolinao", count: { approve: 1, disapprove: 1, approveShare: 0.5 } });
    expect(first[2]).toMatchObject({ district: 3, count: { approve: 1, disapprove: 1 } });
    expect(first[8]).toMatchObject({ district: 9, town: "Infanta", count: { approve: 1, disapprove: 0, approveShare: 1 } });
    expect(first[4]!.count).toEqual({ approve: 0, disapprove: 0, total: 0, approveShare: 0, disapproveShare: 0 });
    // District counts add up to the overall count.
    const sum = first.reduce((n, d) => n + d.count.approve, 0);
    expect(sum).toBe(3);
  });

  test("reasons for disapproval: trimmed, by district, empty ones (erased registrations) left out", () => {
    expect(tally.topics[0]!.reasons).toEqual([
      { district: 1, reason: "Too costly" },
      { district: 3, reason: "Not explained" },
    ]);
    expect(tally.topics[1]!.reasons).toEqual([]);
  });

  test("quorum progress", () => {
    expect(tally.quorum).toEqual({ registered: 5, target: 3910, share: 5 / 3910, reached: false });
    expect(computeTally(topics, [], 4000, 3910).quorum).toMatchObject({ share: 1, reached: true });
  });

  test("no votes: zero shares, not NaN", () => {
    const empty = computeTally(topics, [], 0, 3910);
    expect(empty.topics[0]!.overall).toEqual({ approve: 0, disapprove: 0, total: 0, approveShare: 0, disapproveShare: 0 });
    expect(empty.quorum.share).toBe(0);
  });

  test("percent and CSV", () => {
    expect(percent(2 / 3)).toBe("66.7%");
    const csv = tallyCsv(tally).split("\r\n");
    expect(csv[0]).toBe("topic_sequence,topic,scope,approve,disapprove,total,approve_share,disapprove_share");
    expect(csv[1]).toBe("1,First,overall,3,2,5,0.6000,0.4000");
    expect(csv[2]).toBe("1,First,district 1 (Bolinao),1,1,2,0.5000,0.5000");
    expect(csv).toContain(",quorum,registered,5,,3910,0.0013,");
  });
});
